/**
 * A request sent with an `Idempotency-Key` header is answered once. The first send claims the key (one row per
 * scope, owner and key: the primary key lets one of several concurrent sends claim it), runs, and keeps its answer;
 * a repeat with the same body within IDEMPOTENCY_WINDOW_HOURS gets that same answer (the same order, the same
 * payment start) without running again; a repeat with another body is refused (`idempotency_key_reused`). A repeat
 * that arrives while the first still runs waits for its answer. A first send that fails leaves nothing behind (a
 * purchase writes all or nothing), so its key is released and the same request may be sent again: the wizard's
 * retry after "come back in a moment" is then the purchase itself.
 */
import { createHash } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import stringify from "safe-stable-stringify";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import { idempotentRequests } from "../../db/schema";

/** How long a key keeps its answer. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** A first send still unanswered after this long died with its process: a repeat with the same body takes over. */
const ABANDONED_AFTER_MS = 120_000;
/** How long a repeat waits for the first send's answer before it is told the request is still under way. */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 100;

export interface KeyedRequest {
  /** What the request does ("init-payment", "share-pay", …): one key may name one request of each. */
  scope: string;
  /** Whose key it is: the buyer's id, or a share's link. */
  owner: string;
  /** The header's value; without one the request simply runs. */
  key: string | undefined;
  /** What makes two sends the same request: the body and any path parameters. */
  request: unknown;
}

const hashOf = (value: unknown) => createHash("sha256").update(stringify(value) ?? "").digest("hex");
const pause = (milliseconds: number) => new Promise<void>((done) => setTimeout(done, milliseconds));

/** Runs `run` once per key and request; every repeat of it is given the first answer. */
export async function answerOnce<T>(deps: Pick<ShopContext, "db" | "now">, keyed: KeyedRequest, run: () => Promise<T>): Promise<T> {
  if (keyed.key === undefined) return run();
  const { db } = deps;
  const where = and(eq(idempotentRequests.scope, keyed.scope), eq(idempotentRequests.owner, keyed.owner), eq(idempotentRequests.key, keyed.key));
  const bodyHash = hashOf(keyed.request);
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const now = deps.now();
    const expired = new Date(now.getTime() - IDEMPOTENCY_WINDOW_HOURS * 3_600_000);
    const abandoned = new Date(now.getTime() - ABANDONED_AFTER_MS);
    // One statement claims the key: a new key, one whose answer is older than the window, or the same request whose
    // first send was abandoned. Any other existing row is left as it is, and this send reads it below.
    const claimed = await db
      .insert(idempotentRequests)
      .values({ scope: keyed.scope, owner: keyed.owner, key: keyed.key, bodyHash, answer: null, startedAt: now, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotentRequests.scope, idempotentRequests.owner, idempotentRequests.key],
        set: { bodyHash, answer: null, startedAt: now, createdAt: now },
        setWhere: or(
          lt(idempotentRequests.createdAt, expired),
          and(isNull(idempotentRequests.answer), lt(idempotentRequests.startedAt, abandoned), eq(idempotentRequests.bodyHash, bodyHash)),
        ),
      })
      .returning({ startedAt: idempotentRequests.startedAt });
    if (claimed.length > 0) return runClaimed(deps, where, now, run);

    const [row] = await db.select({ bodyHash: idempotentRequests.bodyHash, answer: idempotentRequests.answer }).from(idempotentRequests).where(where);
    // Released between the two statements (the first send failed): claim it again.
    if (!row) continue;
    if (row.bodyHash !== bodyHash) throw new ShopError("idempotency_key_reused", { "Idempotency-Key": "errors.idempotency_key_reused" });
    if (row.answer !== null) return row.answer as T;
    if (Date.now() > deadline) throw new ShopError("idempotency_key_in_use");
    await pause(POLL_MS);
  }
}

async function runClaimed<T>(deps: Pick<ShopContext, "db">, where: ReturnType<typeof and>, startedAt: Date, run: () => Promise<T>): Promise<T> {
  const mine = and(where, eq(idempotentRequests.startedAt, startedAt));
  let answer: T;
  try {
    answer = await run();
  } catch (error) {
    await deps.db.delete(idempotentRequests).where(mine);
    throw error;
  }
  await deps.db.update(idempotentRequests).set({ answer: answer as unknown }).where(mine);
  return answer;
}

/** Keys past their window answer nothing any more: the sweeper removes them. */
export async function forgetExpiredKeys(deps: Pick<ShopContext, "db" | "now">): Promise<void> {
  const expired = new Date(deps.now().getTime() - IDEMPOTENCY_WINDOW_HOURS * 3_600_000);
  await deps.db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, expired));
}


/**
 * One-time tokens for account verification, password reset and email change: 32 random bytes sent by mail,
 * only their SHA-256 stored, each usable once and only until it expires.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userTokens } from "../../db/schema";
import { ShopError } from "../../../shared/domain/shop-error";

export type TokenPurpose = "verify" | "reset" | "email";

/** docs/decisions.md: a verification link lasts 48 hours, a reset link 1 hour, an email-change link 24 hours. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify: 48 * 60 * 60_000,
  reset: 60 * 60_000,
  email: 24 * 60 * 60_000,
};

export function hashToken(plain: string): string {
  return createHash("sha256").update(plain).digest("hex");
}

/** A new token for the user; older unused ones of the same purpose stop working (only the newest mail counts). */
export async function issueToken(db: Db, userId: number, purpose: TokenPurpose, now: Date, newEmail?: string): Promise<string> {
  const plain = randomBytes(32).toString("base64url");
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(plain),
    newEmail: newEmail ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return plain;
}

/**
 * Spends a token and answers its user. One conditional UPDATE does the check and the spending, so two
 * requests racing with the same link cannot both succeed. Unknown or forged: 400 token_invalid;
 * expired: 410 token_expired; already spent: 410 token_used.
 */
export async function consumeToken(db: Db, plain: string, purpose: TokenPurpose, now: Date): Promise<number> {
  return (await spendToken(db, plain, purpose, now)).userId;
}

/** consumeToken with what the token carries (the new address of an email change). */
export async function spendToken(db: Db, plain: string, purpose: TokenPurpose, now: Date): Promise<{ userId: number; newEmail: string | null }> {
  const tokenHash = hashToken(plain);
  const [spent] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId, newEmail: userTokens.newEmail });
  if (spent) return spent;
  const [found] = await db
    .select({ usedAt: userTokens.usedAt, expiresAt: userTokens.expiresAt })
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose)));
  if (!found) throw new ShopError("token_invalid");
  if (found.usedAt) throw new ShopError("token_used");
  throw new ShopError("token_expired");
}

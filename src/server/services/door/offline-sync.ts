/**
 * Check-ins the scanner recorded while the van door had no network, sent once it is back
 * (POST /shop-api/staff/check-ins/sync). Each carries a nonce the scanner made: sending the same list twice
 * (a lost answer, a retry) applies each scan once. The scan's own time is kept, so the first scan of a leg
 * stays the first even when another door's scan reached the shop earlier.
 *
 * Two doors that both let the same passenger in while offline are a conflict: a ticket rode twice (a copied
 * code, or two vans). Both scans are kept, the earliest stands as the check-in and the other is stored beside it
 * (boarding_conflicts) and answered, never merged away, so staff can look into it.
 */
import { eq } from "drizzle-orm";
import type { Leg } from "../../../shared/domain/legs";
import { ShopError } from "../../../shared/domain/shop-error";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { DoorSyncAnswer } from "../../../shared/schemas/answers/door";
import type { DoorSync } from "../../../shared/schemas/door";
import { scannedOrderId } from "../../../shared/tickets/ticket-code";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { boardingConflicts, boardings, users } from "../../db/schema";
import { admitTicket } from "../boarding/admit-ticket";
import { recordBoardings, replaceBoarding, type StoredBoarding } from "../boarding/boarding-record";
import { fullName } from "../boarding/ticket-holders";
import { BOARDED } from "../../../shared/domain/dispatch";
import { SYNC_OUTCOME } from "../../../shared/domain/door-sync";

type SyncResult = DoorSyncAnswer["results"][number];
type Scan = DoorSync["checkIns"][number];

export async function syncDoorScans(deps: ShopContext, staffId: number, body: DoorSync, locale: Locale): Promise<DoorSyncAnswer> {
  const results: SyncResult[] = [];
  for (const scan of body.checkIns) results.push(await applyScan(deps, staffId, scan, locale));
  return { results };
}

async function alreadyApplied(db: Db, nonce: string): Promise<number | null> {
  const [applied] = await db
    .select({ orderId: boardings.orderId })
    .from(boardings)
    .where(eq(boardings.nonce, nonce))
    .union(db.select({ orderId: boardingConflicts.orderId }).from(boardingConflicts).where(eq(boardingConflicts.nonce, nonce)))
    .limit(1);
  return applied?.orderId ?? null;
}

async function applyScan(deps: ShopContext, staffId: number, scan: Scan, locale: Locale): Promise<SyncResult> {
  const repeated = await alreadyApplied(deps.db, scan.nonce);
  if (repeated !== null) return { nonce: scan.nonce, outcome: SYNC_OUTCOME.repeat, orderId: repeated, conflicts: [] };
  let admitted: Awaited<ReturnType<typeof admitTicket>>;
  try {
    admitted = await admitTicket(deps, scan.qr, scan.leg, locale);
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    return { nonce: scan.nonce, outcome: SYNC_OUTCOME.refused, orderId: scannedOrderId(scan.qr), code: error.code, conflicts: [] };
  }
  const { holder, boarding } = admitted;
  const now = deps.now();
  const scannedAt = new Date(scan.scannedAt) > now ? now : new Date(scan.scannedAt);
  const staffName = await staffNameOf(deps.db, staffId);
  return deps.db.transaction(async (tx) => {
    const { created, stored } = await recordBoardings(tx, { orderId: holder.orderId, boarding, leg: scan.leg, staffId, nonce: scan.nonce, at: scannedAt, by: BOARDED.door });
    const conflicts: SyncResult["conflicts"] = [];
    for (const passenger of boarding) {
      const standing = stored.get(passenger.passengerId);
      if (!standing || created.has(passenger.passengerId) || standing.nonce === scan.nonce) continue;
      const ours = { at: scannedAt, staffId, staffName, nonce: scan.nonce };
      const kept = await keepBoth(tx, { orderId: holder.orderId, passengerId: passenger.passengerId, leg: scan.leg }, standing, ours);
      conflicts.push({ passengerId: passenger.passengerId, name: passenger.name, leg: scan.leg, kept: kept.kept, other: kept.other, timeZone: timeZoneOf(holder.countryCode) });
    }
    const first = [...stored.values()].sort((a, b) => a.at.getTime() - b.at.getTime())[0];
    const outcome = conflicts.length > 0 ? SYNC_OUTCOME.conflict : created.size > 0 ? SYNC_OUTCOME.new : SYNC_OUTCOME.repeat;
    return {
      nonce: scan.nonce,
      outcome,
      orderId: holder.orderId,
      checkedInAt: (first?.at ?? scannedAt).toISOString(),
      checkedInBy: first ? first.staffName : staffName,
      conflicts,
    } satisfies SyncResult;
  });
}

export interface Scanned {
  at: Date;
  staffId: number | null;
  staffName: string | null;
  nonce: string;
}

/**
 * Two boardings of one passenger's leg, settled: the earlier scan stands as the check-in and the later one is kept
 * as its conflict (a tie keeps the one already standing). Pure, so the rule is tested on its own.
 */
export function settleTwoScans(standing: Scanned, ours: Scanned): { kept: Scanned; other: Scanned; replace: boolean } {
  const replace = ours.at.getTime() < standing.at.getTime();
  return replace ? { kept: ours, other: standing, replace } : { kept: standing, other: ours, replace };
}

/**
 * Stores a settled pair: when the scan arriving now is the earlier, it takes the check-in's place and the
 * standing one moves to the conflict (the check-in row keeps its id, which the conflict names).
 */
async function keepBoth(db: Db, where: { orderId: number; passengerId: number; leg: Leg }, standing: StoredBoarding, ours: Scanned) {
  const { kept, other, replace } = settleTwoScans(standing, ours);
  if (replace) await replaceBoarding(db, standing.id, kept);
  await db
    .insert(boardingConflicts)
    .values({
      boardingId: standing.id,
      orderId: where.orderId,
      passengerId: where.passengerId,
      leg: where.leg,
      staffId: other.staffId,
      nonce: other.nonce,
      scannedAt: other.at,
    })
    .onConflictDoNothing();
  return {
    kept: { at: kept.at.toISOString(), staffName: kept.staffName },
    other: { at: other.at.toISOString(), staffName: other.staffName },
  };
}

async function staffNameOf(db: Db, staffId: number): Promise<string | null> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, staffId)).limit(1);
  return row ? fullName(row) : null;
}

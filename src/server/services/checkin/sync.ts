/**
 * Check-ins the scanner recorded while the van door had no network, sent once it is back
 * (POST /shop-api/staff/check-ins/sync). Each carries a nonce the scanner made: sending the same list twice
 * (a lost answer, a retry) applies each scan once. The scan's own time is kept, so the first scan of a leg
 * stays the first even when another door's scan reached the shop earlier.
 */
import { eq } from "drizzle-orm";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Locale } from "../../../shared/locales";
import type { CheckInSyncAnswer } from "../../../shared/schemas/answers/checkin";
import type { CheckInSync } from "../../../shared/schemas/checkin";
import { scannedOrderId } from "../../../shared/tickets/ticket-code";
import type { ShopContext } from "../../context";
import { checkIns } from "../../db/schema";
import { admittedOrder, recordCheckIn } from "./check-in";

type SyncResult = CheckInSyncAnswer["results"][number];

export async function syncCheckIns(deps: ShopContext, staffId: number, body: CheckInSync, locale: Locale): Promise<CheckInSyncAnswer> {
  const results: SyncResult[] = [];
  for (const scan of body.checkIns) results.push(await applyScan(deps, staffId, scan, locale));
  return { results };
}

async function applyScan(deps: ShopContext, staffId: number, scan: CheckInSync["checkIns"][number], locale: Locale): Promise<SyncResult> {
  const [applied] = await deps.db.select({ orderId: checkIns.orderId }).from(checkIns).where(eq(checkIns.nonce, scan.nonce)).limit(1);
  if (applied) return { nonce: scan.nonce, outcome: "repeat", orderId: applied.orderId };
  let orderId: number;
  try {
    orderId = (await admittedOrder(deps, scan.qr, locale)).orderId;
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    return { nonce: scan.nonce, outcome: "refused", orderId: scannedOrderId(scan.qr), code: error.code };
  }
  const now = deps.now();
  const scannedAt = new Date(scan.scannedAt);
  const checkIn = await recordCheckIn(deps, { orderId, leg: scan.leg, staffId, nonce: scan.nonce, at: scannedAt > now ? now : scannedAt });
  const outcome = checkIn.created ? "new" : checkIn.nonce === scan.nonce ? "repeat" : "duplicate";
  return { nonce: scan.nonce, outcome, orderId, checkedInAt: checkIn.at, checkedInBy: checkIn.staffName };
}

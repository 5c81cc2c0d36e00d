/**
 * The check behind the "validate" button (storefront spec section 4 "QR scanner"): with network the shop decides
 * (POST /order/{orderId}/check-complete); without, the door checks the signature with the public ticket key,
 * reads the buyer from the saved manifest, flags a leg it has already seen and keeps the scan for the sync.
 */
import { api, ApiFailure } from "../../../client/api";
import type { CheckCompleteAnswer } from "../../../shared/schemas/answers/checkin";
import type { CheckInLeg } from "../../../shared/schemas/checkin";
import { importTicketKey, verifyTicketCode } from "../../../shared/tickets/ticket-code";
import { addPending, loadKey, loadManifest, newNonce, pendingCheckIns, removePending } from "./offline-store";

export interface DoorResult {
  orderId: number;
  leg: CheckInLeg;
  /** What the result screen shows; null when an offline scan's order is not in the saved manifest. */
  holder: Pick<CheckCompleteAnswer, "customer" | "date" | "event" | "ticketQuantity"> | null;
  checkedInAt: string;
  alreadyCheckedIn: boolean;
  checkedInBy: string | null;
  offline: boolean;
}

/** A refusal to show with "EVENTO INVALIDO": the shop's translated reason, or the catalogue key of the door's own. */
export class DoorRefusal extends Error {
  constructor(readonly reason: { message: string } | { key: "errors.ticket_invalid" | "scanner.offline.no_key" }) {
    super("refused");
  }
}

export const isNetworkFailure = (error: unknown) => error instanceof ApiFailure && (error.code === "network_error" || error.status === 0);

export async function checkOnline(orderId: number, qr: string, leg: CheckInLeg): Promise<DoorResult> {
  try {
    const answer = await api("POST /shop-api/order/:orderId/check-complete", { params: { orderId }, body: { qr, leg } });
    const { customer, date, event, ticketQuantity } = answer;
    return { orderId, leg, holder: { customer, date, event, ticketQuantity }, checkedInAt: answer.checkedInAt, alreadyCheckedIn: answer.alreadyCheckedIn, checkedInBy: answer.checkedInBy, offline: false };
  } catch (error) {
    if (error instanceof ApiFailure && !isNetworkFailure(error)) throw new DoorRefusal({ message: error.message });
    throw error;
  }
}

export async function checkOffline(qr: string, leg: CheckInLeg, staffName: string): Promise<DoorResult> {
  const jwk = await loadKey();
  if (!jwk) throw new DoorRefusal({ key: "scanner.offline.no_key" });
  const orderId = await verifyTicketCode(await importTicketKey(jwk), jwk.kid, qr);
  if (orderId === null) throw new DoorRefusal({ key: "errors.ticket_invalid" });
  const manifest = await loadManifest();
  const listed = manifest?.orders.find((order) => order.orderId === orderId);
  const holder = listed ? { customer: listed.customer, date: listed.date, event: listed.event, ticketQuantity: listed.ticketQuantity } : null;
  const known = listed?.checkIns.find((checkIn) => checkIn.leg === leg);
  if (known) return { orderId, leg, holder, checkedInAt: known.at, alreadyCheckedIn: true, checkedInBy: known.staffName, offline: true };
  const waiting = (await pendingCheckIns()).find((scan) => scan.orderId === orderId && scan.leg === leg);
  if (waiting) return { orderId, leg, holder, checkedInAt: waiting.scannedAt, alreadyCheckedIn: true, checkedInBy: staffName, offline: true };
  const scannedAt = new Date().toISOString();
  await addPending({ nonce: newNonce(), qr, leg, orderId, scannedAt });
  return { orderId, leg, holder, checkedInAt: scannedAt, alreadyCheckedIn: false, checkedInBy: staffName, offline: true };
}

/** Sends the scans waiting on this device; answers how many the shop took (each nonce once). */
export async function syncPending(): Promise<number> {
  const pending = await pendingCheckIns();
  if (pending.length === 0) return 0;
  const { results } = await api("POST /shop-api/staff/check-ins/sync", {
    body: { checkIns: pending.map(({ nonce, qr, leg, scannedAt }) => ({ nonce, qr, leg, scannedAt })) },
  });
  // Every outcome is final (new, repeat, duplicate, refused): nothing is sent twice on purpose.
  await removePending(results.map((result) => result.nonce));
  return results.length;
}

/**
 * The check behind the scanner's "validate" button: with network the shop decides
 * (POST /order/{orderId}/check-complete, naming the date the door works); without, the door checks the signature
 * with the public ticket key and decides from the downloaded lists and its own scans (offline-check.ts), and keeps
 * what it admitted for the sync. Every scan that boards someone is kept on the device, online ones too, so a second
 * scan of the same passenger is flagged offline whatever the list says.
 */
import { api, ApiFailure } from "../../../client/api";
import type { CheckCompleteAnswer, DoorSyncAnswer } from "../../../shared/schemas/answers/door";
import type { BoardingLeg } from "../../../shared/schemas/door";
import { importTicketKey, verifyTicket } from "../../../shared/tickets/ticket-code";
import { checkOfflineTicket, type OfflineRefusal } from "./offline-check";
import { addScan, deviceScans, loadKey, loadManifests, markSent, newNonce, pendingScans } from "./offline-store";

export interface DoorResult {
  orderId: number;
  leg: BoardingLeg;
  /** What the result screen shows; null when an offline scan's order is not in a downloaded list. */
  holder: Pick<CheckCompleteAnswer, "customer" | "date" | "event" | "ticketQuantity"> | null;
  /** The passenger a passenger's code names (name unknown offline when the order is not listed). */
  passenger: { passengerId: number; name: string | null } | null;
  /** The order's passengers and who is on board on this leg; null when unknown (offline, not listed). */
  passengers: { passengerId: number; name: string; checkedIn: boolean }[] | null;
  checkedInAt: string;
  alreadyCheckedIn: boolean;
  checkedInBy: string | null;
  offline: boolean;
  /** The event's clock (IANA) its times are read in; null when unknown (offline, the order in no list that says it). */
  timeZone: string | null;
}

/** A refusal to show with "EVENTO INVALIDO": the shop's translated reason, or the catalogue key of the door's own. */
export class DoorRefusal extends Error {
  constructor(readonly reason: { message: string } | { key: "errors.ticket_invalid" | "scanner.offline.no_key" } | OfflineRefusal) {
    super("refused");
  }
}

export const isNetworkFailure = (error: unknown) => error instanceof ApiFailure && (error.code === "network_error" || error.status === 0);

export async function checkOnline(orderId: number, qr: string, leg: BoardingLeg, workDateId: number | null, staffName: string): Promise<DoorResult> {
  let answer: CheckCompleteAnswer;
  try {
    answer = await api("POST /shop-api/order/:orderId/check-complete", {
      params: { orderId },
      body: { qr, leg, ...(workDateId ? { eventDateId: workDateId } : {}) },
    });
  } catch (error) {
    if (error instanceof ApiFailure && !isNetworkFailure(error)) throw new DoorRefusal({ message: error.message });
    throw error;
  }
  if (!answer.alreadyCheckedIn) {
    // Kept (as sent) so that this device flags a second scan of them offline, before its next list download.
    const boarded = answer.passenger ? [answer.passenger.passengerId] : answer.passengers.filter((one) => one.checkedIn).map((one) => one.passengerId);
    await addScan({
      nonce: newNonce(),
      qr,
      leg,
      orderId,
      passengerIds: boarded,
      scannedAt: answer.checkedInAt,
      synced: true,
      staffName,
    }).catch(() => undefined);
  }
  const { customer, date, event, ticketQuantity } = answer;
  return {
    orderId,
    leg,
    holder: { customer, date, event, ticketQuantity },
    passenger: answer.passenger,
    passengers: answer.passengers,
    checkedInAt: answer.checkedInAt,
    alreadyCheckedIn: answer.alreadyCheckedIn,
    checkedInBy: answer.checkedInBy,
    offline: false,
    timeZone: answer.timeZone,
  };
}

export async function checkOffline(qr: string, leg: BoardingLeg, workDateId: number | null, staffName: string): Promise<DoorResult> {
  const jwk = await loadKey();
  if (!jwk) throw new DoorRefusal({ key: "scanner.offline.no_key" });
  const ticket = await verifyTicket(await importTicketKey(jwk), jwk.kid, qr);
  if (ticket === null) throw new DoorRefusal({ key: "errors.ticket_invalid" });
  const verdict = checkOfflineTicket({
    ticket,
    leg,
    workDateId,
    manifests: await loadManifests(),
    scans: await deviceScans(),
  });
  if ("refused" in verdict) throw new DoorRefusal(verdict.refused);
  const { admitted } = verdict;
  const { listed } = admitted;
  const holder = listed
    ? {
        customer: listed.customer,
        date: listed.date,
        event: listed.event,
        ticketQuantity: listed.ticketQuantity,
      }
    : null;
  const base = {
    orderId: ticket.orderId,
    leg,
    holder,
    passenger: admitted.passenger,
    passengers: admitted.passengers,
    offline: true,
    timeZone: admitted.timeZone ?? null,
  };
  if (admitted.alreadyCheckedIn)
    return {
      ...base,
      alreadyCheckedIn: true,
      checkedInAt: admitted.first?.at ?? new Date().toISOString(),
      checkedInBy: admitted.first?.staffName ?? null,
    };
  const scannedAt = new Date().toISOString();
  await addScan({
    nonce: newNonce(),
    qr,
    leg,
    orderId: ticket.orderId,
    passengerIds: admitted.boarding,
    scannedAt,
    synced: false,
    staffName,
  });
  return {
    ...base,
    alreadyCheckedIn: false,
    checkedInAt: scannedAt,
    checkedInBy: staffName,
  };
}

export type SyncConflict = DoorSyncAnswer["results"][number]["conflicts"][number];

/** Sends the scans waiting on this device; answers how many the shop took (each nonce once) and any conflicts. */
export async function syncPending(): Promise<{
  sent: number;
  conflicts: SyncConflict[];
}> {
  const pending = await pendingScans();
  if (pending.length === 0) return { sent: 0, conflicts: [] };
  const { results } = await api("POST /shop-api/staff/check-ins/sync", {
    body: {
      checkIns: pending.slice(0, 500).map(({ nonce, qr, leg, scannedAt }) => ({
        nonce,
        qr,
        leg,
        scannedAt,
      })),
    },
  });
  // Every outcome is final (new, repeat, conflict, refused): nothing is sent twice on purpose.
  await markSent(results.map((result) => result.nonce));
  return {
    sent: results.length,
    conflicts: results.flatMap((result) => result.conflicts),
  };
}

/**
 * The van door's own decision when it has no network, after the code's signature was verified with the public
 * key: the downloaded state of the dates taken along (paid and cancelled orders, their passengers and their
 * check-ins when downloaded) and every scan this device made decide. It refuses a cancelled or refunded ticket,
 * a passenger taken off the order, a leg the ticket does not ride and, when the door works one date, a ticket of
 * another date; and it flags a passenger already on board on that leg, by the list or by this device. Pure: the
 * scanner stores what it admits.
 */
import type { Leg } from "../../../shared/domain/legs";
import type { OfflineManifest } from "../../../shared/schemas/answers/door";
import type { VerifiedTicket } from "../../../shared/tickets/ticket-code";
import { ORDER_STATE } from "../../../shared/domain/order-states";

/** A scan this device made: admitted offline (to send) or online (sent already, kept to flag a second scan). */
export interface DeviceScan {
  nonce: string;
  qr: string;
  leg: Leg;
  orderId: number;
  /** The passengers it boarded; null when the order was not in a downloaded list (its whole order). */
  passengerIds: number[] | null;
  scannedAt: string;
  synced: boolean;
  staffName: string | null;
}

export type ListedOrder = OfflineManifest["orders"][number];

export type OfflineRefusal =
  | {
      key: "errors.ticket_cancelled" | "errors.ticket_refunded" | "errors.ticket_wrong_leg" | "scanner.refused.not_listed";
    }
  /** `timeZone`: the clock of the list naming that date (its event's), when a list on the device does. */
  | { key: "errors.wrong_date"; date: string; timeZone?: string };

export interface OfflineAdmission {
  orderId: number;
  listed: ListedOrder | null;
  /** The listed order's event clock (IANA), from its list; undefined when not listed or listed before lists said it. */
  timeZone?: string;
  /** The passenger a passenger's code names (by the list, or its id alone when the order is not listed). */
  passenger: { passengerId: number; name: string | null } | null;
  /** Who this scan boards now (empty on a repeat); null when the order is not listed and its code is the order's. */
  boarding: number[] | null;
  /** True when everyone the code boards is on board already; `first` is the earliest of those check-ins. */
  alreadyCheckedIn: boolean;
  first: { at: string; staffName: string | null } | null;
  /** The listed order's passengers and whether they are on board on this leg after this scan. */
  passengers: { passengerId: number; name: string; checkedIn: boolean }[] | null;
}

export type OfflineVerdict = { refused: OfflineRefusal } | { admitted: OfflineAdmission };

export interface OfflineInput {
  ticket: VerifiedTicket;
  leg: Leg;
  /** The event date the door works, or null for any date. */
  workDateId: number | null;
  manifests: readonly OfflineManifest[];
  scans: readonly DeviceScan[];
}

/** Who of a listed order, or of an unlisted order's scans, is on board on a leg: passenger id -> first scan. */
export function boardedOf(
  listed: ListedOrder | null,
  orderId: number,
  leg: Leg,
  scans: readonly DeviceScan[],
): Map<number | "order", { at: string; staffName: string | null }> {
  const boarded = new Map<number | "order", { at: string; staffName: string | null }>();
  const keep = (id: number | "order", scan: { at: string; staffName: string | null }) => {
    const known = boarded.get(id);
    if (!known || scan.at < known.at) boarded.set(id, scan);
  };
  for (const boarding of listed?.checkIns ?? [])
    if (boarding.leg === leg)
      keep(boarding.passengerId, {
        at: boarding.at,
        staffName: boarding.staffName,
      });
  for (const scan of scans) {
    if (scan.orderId !== orderId || scan.leg !== leg) continue;
    const first = { at: scan.scannedAt, staffName: scan.staffName };
    if (scan.passengerIds === null) {
      keep("order", first);
      for (const passenger of listed?.passengers ?? []) keep(passenger.passengerId, first);
    } else for (const id of scan.passengerIds) keep(id, first);
  }
  return boarded;
}

export function checkOfflineTicket({ ticket, leg, workDateId, manifests, scans }: OfflineInput): OfflineVerdict {
  const listedIn = manifests.find((manifest) => manifest.orders.some((order) => order.orderId === ticket.orderId));
  const listed = listedIn?.orders.find((order) => order.orderId === ticket.orderId) ?? null;
  if (listed?.state === ORDER_STATE.cancelled) return { refused: { key: "errors.ticket_cancelled" } };
  if (listed?.refunded) return { refused: { key: "errors.ticket_refunded" } };
  const named = ticket.passenger;
  if (named && !named.legs.includes(leg)) return { refused: { key: "errors.ticket_wrong_leg" } };
  const listedPassenger = named && listed ? listed.passengers.find((one) => one.passengerId === named.passengerId) : undefined;
  if (named && listed && !listedPassenger) return { refused: { key: "errors.ticket_cancelled" } };

  // The list's date decides when the order is listed (an order moved to another date keeps its printed codes).
  const ticketDateId = listed ? listed.eventDateId : named ? named.eventDateId : undefined;
  if (workDateId !== null) {
    if (ticketDateId !== undefined && ticketDateId !== workDateId) {
      const dateList = manifests.find((manifest) => manifest.eventDateId === ticketDateId);
      const date = dateList?.date ?? listed?.date ?? named?.day ?? "";
      const timeZone = (dateList ?? listedIn)?.timeZone;
      return { refused: { key: "errors.wrong_date", date, ...(timeZone ? { timeZone } : {}) } };
    }
    // An order's code that no list names: with the worked date's list on the device, it is not an order of it.
    if (ticketDateId === undefined && manifests.some((manifest) => manifest.eventDateId === workDateId))
      return { refused: { key: "scanner.refused.not_listed" } };
  }

  const boarded = boardedOf(listed, ticket.orderId, leg, scans);
  const wanted = named ? [named.passengerId] : listed ? listed.passengers.map((one) => one.passengerId) : null;
  const known = wanted ? wanted.filter((id) => boarded.has(id)) : boarded.has("order") ? ["order" as const] : [];
  const boarding = wanted ? wanted.filter((id) => !boarded.has(id)) : known.length ? [] : null;
  const alreadyCheckedIn = wanted ? wanted.length > 0 && boarding!.length === 0 : known.length > 0;
  const first = alreadyCheckedIn ? (known.map((id) => boarded.get(id)!).sort((a, b) => a.at.localeCompare(b.at))[0] ?? null) : null;
  const now = new Set([...boarded.keys(), ...(boarding ?? [])]);
  return {
    admitted: {
      orderId: ticket.orderId,
      listed,
      ...(listedIn?.timeZone ? { timeZone: listedIn.timeZone } : {}),
      passenger: named
        ? {
            passengerId: named.passengerId,
            name: listedPassenger?.name ?? null,
          }
        : null,
      boarding,
      alreadyCheckedIn,
      first,
      passengers: listed
        ? listed.passengers.map((one) => ({
            ...one,
            checkedIn: now.has(one.passengerId),
          }))
        : null,
    },
  };
}

/** How many of a date's paid passengers are on board on a leg, by its list and this device's scans. */
export function offlineCount(manifest: OfflineManifest, leg: Leg, scans: readonly DeviceScan[]): { checkedIn: number; expected: number } {
  let checkedIn = 0;
  let expected = 0;
  for (const order of manifest.orders) {
    if (order.state !== ORDER_STATE.paid || order.refunded) continue;
    const boarded = boardedOf(order, order.orderId, leg, scans);
    expected += order.passengers.length;
    checkedIn += order.passengers.filter((one) => boarded.has(one.passengerId)).length;
  }
  return { checkedIn, expected };
}

/**
 * Who a scanned ticket code lets board a leg, for the door and the driver alike: a code the shop signed, of a paid
 * order not given back, for the expected order and event date when the scanner names them. A passenger's code lets
 * that passenger alone on, on the legs it names; the order's code every passenger of the order.
 */
import { ORDER_STATE } from "../../../shared/domain/order-states";
import type { Leg } from "../../../shared/domain/legs";
import { ShopError, type ShopErrorCode } from "../../../shared/domain/shop-error";
import { formatDate, formatDateTime, timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { PassengerTicket } from "../../../shared/tickets/ticket-code";
import type { ShopContext } from "../../context";
import { readTicket } from "../tickets/ticket-qr";
import { ticketHolder, type HolderPassenger, type TicketHolder } from "./ticket-holders";

/** Why an order's ticket may not ride, by the order's state (null: paid, it may). */
export function stateRefusal(state: string): ShopErrorCode | null {
  if (state === ORDER_STATE.paid) return null;
  if (state === ORDER_STATE.cancelled) return "ticket_cancelled";
  if (state === ORDER_STATE.expired) return "ticket_expired";
  return "ticket_not_paid";
}

/** A scanned code the door lets in: its order and the passengers it boards. */
export interface Admitted {
  holder: TicketHolder;
  /** The one passenger of a passenger's code; null for the order's code. */
  passenger: HolderPassenger | null;
  /** Who boards with this scan: the passenger, or every passenger of the order. */
  boarding: HolderPassenger[];
}

/** The ride's date as the refusal tells it: the day and time of an event date, the day of a chosen day. */
function rideDateText(holder: TicketHolder): string {
  if (!holder.date) return "—";
  const timeZone = timeZoneOf(holder.countryCode);
  return /^\d{4}-\d{2}-\d{2}$/.test(holder.date) ? formatDate(`${holder.date}T12:00:00Z`, "UTC") : formatDateTime(holder.date, timeZone);
}

/** The passengers a scanned code boards on this leg, or the refusal. */
export async function admitTicket(
  deps: ShopContext,
  qr: string,
  leg: Leg,
  locale: Locale,
  expected: { orderId?: number; eventDateId?: number } = {},
): Promise<Admitted> {
  const scanned = readTicket(deps.auth.ticketKey, qr);
  if (scanned === null) throw new ShopError("ticket_invalid");
  if (expected.orderId !== undefined && scanned.orderId !== expected.orderId) throw new ShopError("ticket_other_order");
  const holder = await ticketHolder(deps.db, scanned.orderId, locale);
  if (!holder) throw new ShopError("not_found");
  const refusal = stateRefusal(holder.state);
  if (refusal) throw new ShopError(refusal);
  if (holder.refunded) throw new ShopError("ticket_refunded");
  const passenger = scanned.passenger ? passengerOf(holder, scanned.passenger, leg) : null;
  // The order's date decides, not the code's: an order moved to another date keeps its printed codes.
  if (expected.eventDateId !== undefined && holder.eventDateId !== expected.eventDateId) {
    throw new ShopError("wrong_date", undefined, { date: rideDateText(holder) });
  }
  return { holder, passenger, boarding: passenger ? [passenger] : holder.passengers };
}

function passengerOf(holder: TicketHolder, ticket: PassengerTicket, leg: Leg): HolderPassenger {
  const passenger = holder.passengers.find((candidate) => candidate.passengerId === ticket.passengerId);
  // A passenger taken off the order (cancelled) keeps a code with a valid signature: it no longer rides.
  if (!passenger) throw new ShopError("ticket_cancelled");
  if (!ticket.legs.includes(leg)) throw new ShopError("ticket_wrong_leg");
  return passenger;
}

/**
 * A customer cancels their own booking, whole or some passengers, within the event's cancellation policy: a full
 * refund until `cancelFreeHours` before departure; after that either nothing (closed, 409 `cancellation_closed`,
 * saying until when it was possible) or a refund less the kept percentage, until departure. The refund and the
 * seats follow the staff's refund (refunds.ts); an order still waiting for its payment is simply cancelled.
 * Departure is the booked date's start (the pick-up runs before it, so it is the latest moment that is fair).
 */
import { and, asc, eq } from "drizzle-orm";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import { mailClock } from "../../mail/mail-clock";
import { readerZoneOf } from "../payers/payer";
import { AWAITING_STATES, isAwaiting, ORDER_STATE } from "../../../shared/domain/order-states";
import { ShopError } from "../../../shared/domain/shop-error";
import type { CancellationTerms, SelfCancelAnswer } from "../../../shared/schemas/answers/self-cancel";
import type { ShopContext } from "../../context";
import { eventDates, events, orders, passengers, tickets, users } from "../../db/schema";
import { expireHolds } from "../holds/end-unpaid-orders";
import { byCustomer, cancel } from "../order-life/order-life";
import { refundedSoFar, requestRefund, settledPayment, ticketsOf } from "../refunds/refunds";
import { seatsCameBack } from "../waiting-list/offers";
import { REFUND_REASON } from "../../../shared/domain/refunds";

const HOUR = 3_600_000;

async function ownBooking(deps: ShopContext, userId: number, orderId: number) {
  await expireHolds(deps.db, deps.now(), { orderId });
  const [row] = await deps.db
    .select({ order: orders, event: events, date: eventDates.startDate, owner: { countryCode: users.countryCode } })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(eventDates, eq(eventDates.id, orders.eventDateId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new ShopError("not_found");
  return row;
}

type Booking = Awaited<ReturnType<typeof ownBooking>>;

/** Until when a free cancellation runs, and what is kept after it (null: nothing can be cancelled then). */
export function policyAt(booking: Booking, now: Date) {
  const departure = booking.date ?? (booking.order.travelDate ? new Date(`${booking.order.travelDate}T12:00:00Z`) : booking.event.startDate);
  const hours = booking.event.cancelFreeHours;
  const freeUntil = hours === null ? null : new Date(departure.getTime() - hours * HOUR);
  const late = booking.event.cancelLateKeepPercent;
  if (freeUntil && now <= freeUntil) return { open: true, keepPercent: 0, until: freeUntil, departure };
  if (freeUntil && late !== null && late < 100 && now < departure) return { open: true, keepPercent: late, until: departure, departure };
  return { open: false, keepPercent: 100, until: freeUntil, departure };
}

export async function cancellationTerms(deps: ShopContext, userId: number, orderId: number, passengerIds?: number[]): Promise<CancellationTerms> {
  const booking = await ownBooking(deps, userId, orderId);
  const policy = policyAt(booking, deps.now());
  const paid = booking.order.state === ORDER_STATE.paid;
  const cancellable = paid || isAwaiting(booking.order.state);
  const orderPassengers = await deps.db
    .select({ id: passengers.id, name: passengers.name, ticketId: passengers.ticketId })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(passengers.id));
  let refund = 0;
  if (paid) {
    const { chosen, all, value } = await ticketsOf(deps.db, orderId, passengerIds);
    const payment = await settledPayment(deps.db, orderId);
    const left = (payment?.amount ?? booking.order.total) - (await refundedSoFar(deps.db, orderId));
    const worth = Math.min(chosen.length === all.length ? left : value, left);
    refund = Math.round((worth * (100 - policy.keepPercent)) / 100);
  }
  return {
    orderId,
    open: policy.open && cancellable,
    freeUntil: policy.until?.toISOString() ?? null,
    keepPercent: policy.open ? policy.keepPercent : 100,
    refund,
    currency: booking.order.currency,
    passengers: orderPassengers,
  };
}

export async function cancelOwnBooking(deps: ShopContext, userId: number, orderId: number, locale: Locale, passengerIds?: number[]): Promise<SelfCancelAnswer> {
  const booking = await ownBooking(deps, userId, orderId);
  const policy = policyAt(booking, deps.now());
  // On the event's clock, named for an owner whose account's clock reads another hour (in the caller's language).
  const until = policy.until ? mailClock(locale, timeZoneOf(booking.event.countryCode), readerZoneOf(booking.owner))(policy.until.toISOString()) : "—";
  if (!policy.open) throw new ShopError("cancellation_closed", undefined, { until });
  if (booking.order.state === ORDER_STATE.paid && booking.order.total === 0 && !passengerIds) {
    // Nothing was charged: the seats go back, no refund.
    const changed = await deps.db.transaction((tx) => cancel(tx, orderId, byCustomer(userId), [ORDER_STATE.paid], { reason: REFUND_REASON.customer_cancelled }));
    if (changed) deps.catalogue.announce({ area: "stock", eventIds: [booking.order.eventId] });
    return { orderId, state: ORDER_STATE.cancelled, refund: null };
  }
  if (isAwaiting(booking.order.state)) {
    if (passengerIds) throw new ShopError("order_not_refundable");
    const ended = await deps.db.transaction(async (tx) => {
      const done = await cancel(tx, orderId, byCustomer(userId), AWAITING_STATES, { reason: REFUND_REASON.customer_cancelled });
      if (done) await seatsCameBack(tx, booking.order.eventId);
      return done;
    });
    if (ended) {
      deps.catalogue.announce({ area: "stock", eventIds: [booking.order.eventId] });
      deps.outbox.wake();
    }
    return { orderId, state: ORDER_STATE.cancelled, refund: null };
  }
  const refund = await requestRefund(deps, { orderId, reason: REFUND_REASON.customer_cancelled, passengerIds, keepPercent: policy.keepPercent, actor: null, by: byCustomer(userId) });
  const [after] = await deps.db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId));
  return { orderId, state: after?.state ?? ORDER_STATE.cancelled, refund };
}

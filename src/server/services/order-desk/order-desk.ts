/**
 * The staff's order desk: one order with everything about it (buyer, tickets and passengers, payments with what
 * the gateways answered, check-ins, mails and texts, refunds, and every staff action), and the staff's actions on
 * it: correcting a passenger, resending the tickets, a note, cancelling. Each action and its audit-log entry
 * commit in one transaction.
 */
import { orderMoneyOfOne } from "../refunds/order-money";
import { MAIL_SKIP_REASONS, type MailSkipReason } from "../../../shared/domain/mail-skips";
import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { AWAITING_STATES, isAwaiting, ORDER_STATE } from "../../../shared/domain/order-states";
import { ShopError } from "../../../shared/domain/shop-error";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import { type DeskAction, isOrderMessageKind, type OrderDesk, REFUND_HOWS } from "../../../shared/schemas/answers/order-desk";
import type { PassengerCorrection } from "../../../shared/schemas/order-desk";
import type { ShopContext } from "../../context";
import {
  addressLines,
  auditLog,
  boardings,
  counties,
  orders,
  outbox,
  passengers,
  paymentShares,
  payments,
  productVariants,
  refunds,
  rideRatings,
  tickets,
  vehicleNotices,
} from "../../db/schema";
import { LOW_RATING_MAX } from "../../../shared/domain/day-report";
import { writeAudit, type Actor } from "../audit/write-audit";
import { noShowsOfOrder } from "../dispatch/no-shows";
import { pick } from "../catalogue/rows";
import { enqueueOrderNotice } from "../order-notices/order-notices";
import { refundAnswer, requestRefund } from "../refunds/refunds";
import { expireHolds } from "../holds/end-unpaid-orders";
import { byStaff, cancel } from "../order-life/order-life";
import { seatsCameBack } from "../waiting-list/offers";
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { payerOf, type OrderPayer } from "../payers/payer";
import { orderWithEvent } from "../orders/order-with-event";
import type { Leg } from "../../../shared/domain/legs";
import { PICKUP_NOTICE_CHANNEL, type PickupNoticeChannel } from "../../../shared/domain/dispatch";
import type { Db } from "../../db/client";

export async function orderDesk(deps: ShopContext, orderId: number, locale: Locale): Promise<OrderDesk> {
  const { db } = deps;
  await expireHolds(db, deps.now(), { orderId });
  const row = await orderWithEvent(db, orderId);
  if (!row) throw new ShopError("not_found");
  const { order, user, event } = row;
  // The tickets a partial refund moved away still belong to this order's story.
  const splits = await db.select({ id: orders.id }).from(orders).where(eq(orders.splitFromId, orderId));
  const orderIds = [orderId, ...splits.map((split) => split.id)];
  const ticketRows = await db
    .select({ ticket: tickets, translations: productVariants.translations })
    .from(tickets)
    .innerJoin(productVariants, eq(productVariants.id, tickets.productVariantId))
    .where(inArray(tickets.orderId, orderIds))
    .orderBy(asc(tickets.id));
  const ticketIds = ticketRows.map((ticket) => ticket.ticket.id);
  // An order split off by a partial refund carries its own story: the payment that paid its tickets (the parent's),
  // its refund, the mails about that refund, and its own history.
  const parentId = order.splitFromId;
  const ownRefunds = parentId === null ? eq(refunds.orderId, orderId) : eq(refunds.splitOrderId, orderId);
  const refundIdsOfSplit =
    parentId === null ? [] : (await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.splitOrderId, orderId))).map((refund) => refund.id);
  const [passengerRows, stops, paymentRows, boardingRows, mails, texts, refundRows, history] = await Promise.all([
    ticketIds.length ? db.select().from(passengers).where(inArray(passengers.ticketId, ticketIds)).orderBy(asc(passengers.id)) : [],
    ticketIds.length
      ? db
          .select({ ticketId: addressLines.ticketId, address: addressLines.address, countyName: counties.name })
          .from(addressLines)
          .innerJoin(counties, eq(counties.id, addressLines.countyId))
          .where(inArray(addressLines.ticketId, ticketIds))
          .orderBy(asc(addressLines.id))
      : [],
    db.select().from(payments).where(eq(payments.orderId, parentId ?? orderId)).orderBy(asc(payments.id)),
    db.select().from(boardings).where(inArray(boardings.orderId, orderIds)).orderBy(asc(boardings.id)),
    db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, "order.notice"),
          refundIdsOfSplit.length
            ? or(
                sql`(${outbox.payload}->>'orderId')::int = ${orderId}`,
                and(sql`(${outbox.payload}->>'orderId')::int = ${parentId}`, inArray(sql`(${outbox.payload}->>'refundId')::int`, refundIdsOfSplit)),
              )
            : sql`(${outbox.payload}->>'orderId')::int = ${orderId}`,
        ),
      )
      .orderBy(asc(outbox.id)),
    ticketIds.length
      ? db
          .select({ notice: vehicleNotices, name: passengers.name })
          .from(vehicleNotices)
          .innerJoin(passengers, eq(passengers.id, vehicleNotices.passengerId))
          .where(inArray(passengers.ticketId, ticketIds))
          .orderBy(asc(vehicleNotices.id))
      : [],
    db.select().from(refunds).where(ownRefunds).orderBy(asc(refunds.id)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "orders"), eq(auditLog.resourceId, orderId)))
      .orderBy(asc(auditLog.id)),
  ]);
  // An order mail goes to the one who paid (a friend who paid their share through their own link), and a refund's
  // to the payer of the payment it gives back, with a copy to the account holder: the desk says so, as it was sent.
  const refundPayments = new Map(refundRows.map((refund) => [refund.id, refund.paymentId]));
  const payers = new Map<string, Promise<OrderPayer | null>>();
  const payerFor = (mailOrderId: number, paymentId: number | null) => {
    const key = `${mailOrderId} ${paymentId}`;
    // This order's holder is loaded already; an order a refund split off is read on its own.
    if (!payers.has(key)) payers.set(key, payerOf(db, mailOrderId, paymentId, mailOrderId === orderId ? user : undefined));
    return payers.get(key)!;
  };
  const orderMails = await Promise.all(
    mails.map(async (mail) => {
      const payload = mail.payload as { orderId?: number; notice?: string; refundHow?: string; refundId?: number };
      const what = isOrderMessageKind(payload.notice) ? payload.notice : ("confirmation" as const);
      const paymentId = what === "refund" && payload.refundId !== undefined ? (refundPayments.get(payload.refundId) ?? null) : null;
      const who = await payerFor(payload.orderId ?? orderId, paymentId);
      const row = { ...outboxState(mail), channel: "mail" as const, what, leg: null, refundHow: REFUND_HOWS.find((how) => how === payload.refundHow) ?? null, to: who?.payer.email ?? user.email };
      return what === "refund" && who?.paidByAnother ? [row, { ...row, to: who.holder.email }] : [row];
    }),
  );
  const messages = [
    ...orderMails.flat(),
    ...(await tripMessages(db, orderId, passengerRows, user.email)),
    ...(await shareMessages(db, orderId, user.email)),
    ...texts.map(({ notice, name }) => ({
      channel: "sms" as const,
      what: "van_arriving" as const,
      leg: notice.leg,
      refundHow: null,
      to: notice.phone ? `${name} ${notice.phone}` : name,
      at: notice.createdAt.toISOString(),
      sent: notice.phone !== null,
      skipped: null,
      error: null,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    id: order.id,
    state: order.state,
    paymentCode: order.paymentCode,
    currency: order.currency,
    subtotal: order.subtotal,
    total: order.total,
    money: await orderMoneyOfOne(db, order.id),
    placedAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    splitFromId: order.splitFromId,
    buyer: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, phone: user.phoneNumber, locale: user.localeCode },
    event: {
      id: event.id,
      name: pick(event.translations, locale)?.name ?? "",
      date: (row.date ?? (order.travelDate ? new Date(`${order.travelDate}T12:00:00Z`) : event.startDate)).toISOString(),
      timeZone: timeZoneOf(event.countryCode),
    },
    tickets: ticketRows.map(({ ticket, translations }) => ({
      id: ticket.id,
      name: pick(translations, locale)?.name ?? "",
      price: ticket.price,
      discountPrice: ticket.discountPrice,
      refundedIn: ticket.orderId === orderId ? null : ticket.orderId,
      passengers: passengerRows
        .filter((passenger) => passenger.ticketId === ticket.id)
        .map((passenger) => ({ id: passenger.id, name: passenger.name, email: passenger.email, phone: passenger.phone, passengerAddress: passenger.passengerAddress })),
      addresses: stops.filter((stop) => stop.ticketId === ticket.id).map((stop) => ({ address: stop.address, countyName: stop.countyName })),
    })),
    payments: paymentRows.map((payment) => ({
      id: payment.id,
      method: payment.method,
      state: payment.state,
      amount: payment.amount,
      providerReference: payment.providerReference,
      createdAt: payment.createdAt.toISOString(),
      answers: payment.rawAnswers,
    })),
    checkIns: boardingRows.map((boarding) => ({ leg: boarding.leg, at: boarding.createdAt.toISOString(), ticketId: boarding.ticketId })),
    noShows: (await Promise.all(orderIds.map((id) => noShowsOfOrder(db, id)))).flat(),
    ratings: await ratingsOfOrders(db, orderIds),
    messages,
    refunds: refundRows.map((refund) => refundAnswer(refund, false)),
    history: history.map((entry) => ({ id: entry.id, at: entry.createdAt.toISOString(), by: entry.userEmail, actor: entry.actor, action: entry.action, details: entry.after ?? null })),
  };
}

/** What became of an outbox row: when, whether it went out, why not, the last error. */
function outboxState(row: typeof outbox.$inferSelect) {
  return {
    at: (row.doneAt ?? row.createdAt).toISOString(),
    sent: row.doneAt !== null && row.skippedReason === null,
    skipped: isMailSkipReason(row.skippedReason) ? row.skippedReason : null,
    error: row.lastError,
  };
}

/**
 * The order's trip messages from the outbox: each passenger's pick-up mail and text, the buyer's mail of the
 * order's times, the no-show texts and the rating invitations, each addressed as it was (the passenger's name with
 * their mail or number, or the buyer).
 */
async function tripMessages(db: Db, orderId: number, passengerRows: (typeof passengers.$inferSelect)[], buyerEmail: string): Promise<OrderDesk["messages"]> {
  const ids = passengerRows.map((passenger) => passenger.id);
  const passengerKinds = ["dispatch.passenger-notice", "dispatch.no-show-notice", "reports.rating-invite"];
  const rows = await db
    .select()
    .from(outbox)
    .where(
      or(
        and(eq(outbox.kind, "dispatch.buyer-notice"), sql`(${outbox.payload}->>'orderId')::int = ${orderId}`),
        ids.length ? and(inArray(outbox.kind, passengerKinds), inArray(sql<number>`(${outbox.payload}->>'passengerId')::int`, ids)) : undefined,
      ),
    )
    .orderBy(asc(outbox.id));
  return rows.map((row) => {
    const payload = row.payload as { passengerId?: number; leg?: Leg; channel?: PickupNoticeChannel };
    const passenger = passengerRows.find((one) => one.id === payload.passengerId);
    const leg = payload.leg ?? null;
    const state = outboxState(row);
    if (row.kind === "dispatch.buyer-notice") return { ...state, channel: "mail" as const, what: "pickup_buyer" as const, leg, refundHow: null, to: buyerEmail };
    const name = passenger?.name ?? "";
    if (row.kind === "reports.rating-invite") return { ...state, channel: "mail" as const, what: "rating_invite" as const, leg: null, refundHow: null, to: `${name} ${passenger?.email || buyerEmail}`.trim() };
    if (row.kind === "dispatch.no-show-notice") return { ...state, channel: "sms" as const, what: "no_show_notice" as const, leg, refundHow: null, to: `${name} ${passenger?.phone ?? ""}`.trim() };
    const channel = payload.channel ?? PICKUP_NOTICE_CHANNEL.mail;
    return { ...state, channel, what: "pickup" as const, leg, refundHow: null, to: `${name} ${(channel === PICKUP_NOTICE_CHANNEL.sms ? passenger?.phone : passenger?.email) ?? ""}`.trim() };
  });
}

/**
 * A shared purchase's messages: each friend's link (a mail, and a text when they gave a number), and the buyer's
 * mail of the seats released at the deadline, listed on the buyer's order and on the share's own.
 */
async function shareMessages(db: Db, orderId: number, buyerEmail: string): Promise<OrderDesk["messages"]> {
  const shares = await db.select().from(paymentShares).where(or(eq(paymentShares.orderId, orderId), eq(paymentShares.buyerOrderId, orderId)));
  if (shares.length === 0) return [];
  const buyerOrders = [...new Set(shares.map((share) => share.buyerOrderId))];
  const rows = await db
    .select()
    .from(outbox)
    .where(
      or(
        and(eq(outbox.kind, "share.invite"), inArray(sql<number>`(${outbox.payload}->>'shareId')::int`, shares.map((share) => share.id))),
        and(eq(outbox.kind, "share.released"), inArray(sql<number>`(${outbox.payload}->>'buyerOrderId')::int`, buyerOrders)),
      ),
    )
    .orderBy(asc(outbox.id));
  return rows.flatMap((row): OrderDesk["messages"] => {
    const state = outboxState(row);
    const none = { leg: null, refundHow: null };
    if (row.kind === "share.released") return [{ ...state, ...none, channel: "mail" as const, what: "share_released" as const, to: buyerEmail }];
    const share = shares.find((one) => one.id === (row.payload as { shareId?: number }).shareId);
    if (!share) return [];
    const mail = { ...state, ...none, channel: "mail" as const, what: "share_invite" as const, to: `${share.name} ${share.email}` };
    // The link goes by text too when the friend gave a number in international form (as the job sends it).
    return share.phone?.startsWith("+") ? [mail, { ...mail, channel: "sms" as const, to: `${share.name} ${share.phone}` }] : [mail];
  });
}

/** A passenger of this order (or of a ticket a refund split from it), locked for the correction. */
async function passengerOf(deps: ShopContext, orderId: number, passengerId: number) {
  const [row] = await deps.db
    .select({ passenger: passengers })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(passengers.id, passengerId), or(eq(orders.id, orderId), eq(orders.splitFromId, orderId))));
  if (!row) throw new ShopError("not_found");
  return row.passenger;
}

export async function correctPassenger(deps: ShopContext, actor: Actor, orderId: number, passengerId: number, fields: PassengerCorrection): Promise<DeskAction> {
  const before = await passengerOf(deps, orderId, passengerId);
  const changed = await deps.db.transaction(async (tx) => {
    const [after] = await tx.update(passengers).set(fields).where(eq(passengers.id, passengerId)).returning();
    const was = { name: before.name, email: before.email, phone: before.phone, passengerAddress: before.passengerAddress };
    const now = { name: after!.name, email: after!.email, phone: after!.phone, passengerAddress: after!.passengerAddress };
    if (JSON.stringify(was) === JSON.stringify(now)) return false;
    await writeAudit(tx, actor, "orders", orderId, AUDIT_ACTION.passenger_update, was, { passengerId, ...now });
    return true;
  });
  return { orderId, done: changed };
}

/** The confirmation and tickets again (a paid order), or the transfer instructions (one still waiting for it). */
export async function resendTickets(deps: ShopContext, actor: Actor, orderId: number): Promise<DeskAction> {
  await expireHolds(deps.db, deps.now(), { orderId });
  await deps.db.transaction(async (tx) => {
    const [order] = await tx.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new ShopError("not_found");
    const notice = order.state === ORDER_STATE.paid ? "confirmation" : order.state === ORDER_STATE.awaiting_transfer_payment ? "transfer_instructions" : null;
    if (!notice) throw new ShopError("order_not_resendable");
    await enqueueOrderNotice(tx, orderId, notice);
    await writeAudit(tx, actor, "orders", orderId, AUDIT_ACTION.resend, null, { notice });
  });
  deps.outbox.wake();
  return { orderId, done: true };
}

export async function addOrderNote(deps: ShopContext, actor: Actor, orderId: number, text: string): Promise<DeskAction> {
  await deps.db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new ShopError("not_found");
    await writeAudit(tx, actor, "orders", orderId, AUDIT_ACTION.note, null, { text });
  });
  return { orderId, done: true };
}

/**
 * Staff cancel an order: one still waiting for its payment ends now (seats and discount use back); a paid one
 * is refunded whole (which cancels it), as a refund at the buyer's request.
 */
export async function cancelByStaff(deps: ShopContext, actor: Actor, orderId: number, reason: string): Promise<DeskAction> {
  await expireHolds(deps.db, deps.now(), { orderId });
  const [order] = await deps.db.select({ state: orders.state, eventId: orders.eventId, total: orders.total }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new ShopError("not_found");
  // Nothing was charged (an organiser's prepaid booking, a full discount): the seats go back, no refund.
  if (order.state === ORDER_STATE.paid && order.total === 0) {
    const ended = await deps.db.transaction(async (tx) => {
      const changed = await cancel(tx, orderId, byStaff(actor), [ORDER_STATE.paid], { reason });
      if (changed) await seatsCameBack(tx, order.eventId);
      return changed;
    });
    if (ended) {
      deps.catalogue.announce({ area: "stock", eventIds: [order.eventId] });
      deps.outbox.wake();
    }
    return { orderId, done: ended };
  }
  if (order.state === ORDER_STATE.paid) {
    // The refund's history entry (by this staff member, with the reason) is the cancellation's.
    await requestRefund(deps, { orderId, reason: "requested", note: reason, actor });
    return { orderId, done: true };
  }
  if (!isAwaiting(order.state)) throw new ShopError("order_not_cancellable");
  const ended = await deps.db.transaction(async (tx) => {
    const changed = await cancel(tx, orderId, byStaff(actor), AWAITING_STATES, { reason });
    if (changed) await seatsCameBack(tx, order.eventId);
    return changed;
  });
  if (ended) {
    deps.catalogue.announce({ area: "stock", eventIds: [order.eventId] });
    deps.outbox.wake();
  }
  return { orderId, done: ended };
}

const isMailSkipReason = (reason: string | null): reason is MailSkipReason => (MAIL_SKIP_REASONS as readonly (string | null)[]).includes(reason);

/** The ratings the passengers of these orders gave their trip, oldest first; a low one is flagged for staff. */
async function ratingsOfOrders(db: ShopContext["db"], orderIds: number[]): Promise<OrderDesk["ratings"]> {
  const rows = await db
    .select({ passengerId: rideRatings.passengerId, name: passengers.name, score: rideRatings.score, comment: rideRatings.comment, at: rideRatings.ratedAt })
    .from(rideRatings)
    .innerJoin(passengers, eq(passengers.id, rideRatings.passengerId))
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .where(and(inArray(tickets.orderId, orderIds), isNotNull(rideRatings.score)))
    .orderBy(asc(rideRatings.ratedAt));
  return rows.map((row) => ({ passengerId: row.passengerId, name: row.name, score: row.score!, comment: row.comment, at: (row.at ?? new Date(0)).toISOString(), low: row.score! <= LOW_RATING_MAX }));
}

/**
 * The order mails as outbox jobs: the order change queues its mail in the same transaction
 * (`enqueueOrderNotice`), and the worker later loads what the mail shows (in the buyer's language), renders the
 * QR code for paid orders and hands the message to the shop's mailer. A mail that fails is retried and never
 * undoes a payment.
 */
import { ORDER_STATE, type OrderState } from "../../../shared/domain/order-states";
import { asc, eq, inArray } from "drizzle-orm";
import { timeZoneOf } from "../../../shared/format/dates";
import { isCountryCode, isLocale, sitePrefix, DEFAULT_COUNTRY, DEFAULT_LOCALE, type Locale } from "../../../shared/locales";
import { eventDates, events, orders, passengers, productVariants, refunds, tickets, users } from "../../db/schema";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { enqueue } from "../../outbox/enqueue";
import type { OutboxJob } from "../../outbox/jobs";
import {
  orderConfirmationMail,
  passengerTicketMail,
  paymentReceivedMail,
  refundMail,
  transferInstructionsMail,
  transferRejectedMail,
  eventCancelledMail,
  type OrderMailData,
  type PassengerTicketMail,
  type RefundMailFacts,
} from "../../mail/order-mails";
import { publicOrigin } from "../../origin";
import { paymentSettings } from "../../payments";
import { pick } from "../catalogue/rows";
import { passengerCodes } from "./passenger-tickets";
import { ticketQrImage, ticketQrText } from "./ticket-qr";
import { tripFiles } from "../runs/trip-files";

/** `refunded`: rows queued before refunds had their own rows (a payment that came after its seats were sold). */
export type OrderNotice = "confirmation" | "transfer_instructions" | "payment_received" | "refunded" | "refund" | "transfer_rejected" | "event_cancelled";

/** What an order mail shows, in the buyer's language. */
export async function mailData(deps: ShopContext, orderId: number): Promise<(OrderMailData & { buyerName: string; holdExpiresAt: Date | null; state: string }) | null> {
  const { db } = deps;
  const [row] = await db
    .select({ order: orders, user: users, event: events, date: eventDates.startDate })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(eventDates, eq(eventDates.id, orders.eventDateId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  const locale: Locale = isLocale(row.user.localeCode) ? row.user.localeCode : DEFAULT_LOCALE;
  const country = isCountryCode(row.user.countryCode) ? row.user.countryCode : DEFAULT_COUNTRY;
  const ticketRows = await db
    .select({ id: tickets.id, translations: productVariants.translations })
    .from(tickets)
    .innerJoin(productVariants, eq(productVariants.id, tickets.productVariantId))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.id));
  const passengerRows = ticketRows.length
    ? await db
        .select({ ticketId: passengers.ticketId, name: passengers.name })
        .from(passengers)
        .where(inArray(passengers.ticketId, ticketRows.map((ticket) => ticket.id)))
        .orderBy(asc(passengers.id))
    : [];
  return {
    to: row.user.email,
    firstName: row.user.firstName,
    buyerName: `${row.user.firstName} ${row.user.lastName}`.trim(),
    locale,
    orderId,
    eventName: pick(row.event.translations, locale)?.name ?? "",
    eventDate: (row.date ?? row.event.startDate).toISOString(),
    timeZone: timeZoneOf(row.event.countryCode),
    currency: row.order.currency,
    subtotal: row.order.subtotal,
    total: row.order.total,
    tickets: ticketRows.map((ticket) => ({
      name: pick(ticket.translations, locale)?.name ?? "",
      passengers: passengerRows.filter((passenger) => passenger.ticketId === ticket.id).map((passenger) => passenger.name),
    })),
    link: `${publicOrigin(deps.env)}${sitePrefix(country, locale)}/my-account/payments`,
    holdExpiresAt: row.order.holdExpiresAt,
    state: row.order.state,
  };
}

/** What an "order.notice" outbox row carries. */
export interface OrderNoticeJob {
  orderId: number;
  notice: OrderNotice;
  /** Why staff rejected the transfer ("transfer_rejected" only), as they wrote it. */
  reason?: string;
  /** Whether what the buyer paid is being given back ("event_cancelled" only). */
  refund?: boolean;
  /** The refund row the mail tells about, and what became of it when the mail was queued ("refund" only). */
  refundId?: number;
  refundHow?: RefundMailFacts["how"];
}

/** The order state a notice still makes sense in: an order cancelled before its mail went gets none. */
const NOTICE_STATES: Record<OrderNotice, readonly OrderState[]> = {
  confirmation: [ORDER_STATE.paid],
  payment_received: [ORDER_STATE.paid],
  transfer_instructions: [ORDER_STATE.awaiting_transfer_payment],
  refunded: [ORDER_STATE.expired, ORDER_STATE.cancelled],
  // A partial refund leaves the order paid.
  refund: [ORDER_STATE.paid, ORDER_STATE.expired, ORDER_STATE.cancelled],
  transfer_rejected: [ORDER_STATE.cancelled],
  event_cancelled: [ORDER_STATE.cancelled],
};

/** Queues the mail in the transaction that changes the order (delivered by the outbox worker after commit). */
export function enqueueOrderNotice(tx: Db, orderId: number, notice: OrderNotice, details: Pick<OrderNoticeJob, "reason" | "refund" | "refundId" | "refundHow"> = {}): Promise<number> {
  return enqueue(tx, "order.notice", { orderId, notice, ...details });
}

/**
 * The outbox handler of "order.notice": renders and sends the mail. It throws when the mail cannot be sent, so
 * the worker tries again later; the mail's key is the outbox row, so a retry after a crash is the same mail.
 */
export async function orderNoticeJob(deps: ShopContext, { orderId, notice, reason, refund, refundId, refundHow }: OrderNoticeJob, job: OutboxJob): Promise<void> {
  const data = await mailData(deps, orderId);
  if (!data || !(NOTICE_STATES[notice] as readonly string[]).includes(data.state)) return;
  let message;
  if (notice === "event_cancelled") {
    message = eventCancelledMail(data, refund === true);
  } else if (notice === "transfer_rejected") {
    message = transferRejectedMail(data, reason ?? "");
  } else if (notice === "refunded") {
    message = refundMail(data, { amount: data.total, method: "", reason: "seats_resold", how: "card" });
  } else if (notice === "refund") {
    const [row] = refundId ? await deps.db.select().from(refunds).where(eq(refunds.id, refundId)) : [];
    if (!row) return;
    message = refundMail(data, { amount: row.amount, method: row.method, reason: row.reason, how: refundHow ?? "card" });
  } else if (notice === "transfer_instructions") {
    message = transferInstructionsMail(data, paymentSettings(deps.env).transfer, data.holdExpiresAt?.toISOString() ?? null);
  } else {
    const text = ticketQrText(deps.auth.ticketKey, orderId);
    const code = { text, image: await ticketQrImage(text) };
    const trip = await tripFiles(deps, orderId, data.locale);
    const tickets = await passengerTicketMails(deps, orderId, data.to);
    // Each passenger's own mail first, keyed by this job and the passenger: a retry sends the same mails again
    // (the mail key makes them the same message), and the buyer's mail, which says who got one, goes last.
    for (const passenger of tickets.filter((one) => one.mailed)) {
      await deps.mailer.send({ ...passengerTicketMail(data, passenger, data.buyerName), key: `outbox-${job.id}-passenger-${passenger.passengerId}` });
    }
    message = notice === "confirmation" ? orderConfirmationMail(data, code, trip, tickets) : paymentReceivedMail(data, code, trip, tickets);
  }
  await deps.mailer.send({ ...message, key: `outbox-${job.id}` });
}

/** A plausible address of its own: the buyer's address (any case) or a blank one is not the passenger's. */
const ownAddress = (email: string, buyerEmail: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) && email.trim().toLowerCase() !== buyerEmail.trim().toLowerCase();

/** Every passenger's ticket for the buyer's mail, marked when it also goes to the passenger's own address. */
async function passengerTicketMails(deps: ShopContext, orderId: number, buyerEmail: string): Promise<(PassengerTicketMail & { passengerId: number })[]> {
  const codes = await passengerCodes(deps, orderId);
  return codes.map((code) => ({
    passengerId: code.passengerId,
    name: code.name,
    email: code.email.trim(),
    code: { text: code.qr, image: code.qrImage },
    mailed: ownAddress(code.email, buyerEmail),
  }));
}

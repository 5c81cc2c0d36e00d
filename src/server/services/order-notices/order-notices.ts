/**
 * The order mails as outbox jobs: the order change queues its mail in the same transaction
 * (`enqueueOrderNotice`), and the worker later loads what the mail shows (in the buyer's language), renders the
 * QR code for paid orders and hands the message to the shop's mailer. A mail that fails is retried and never
 * undoes a payment.
 */
import { countryOfCurrency } from "../../../shared/domain/countries";
import { MAIL_SKIP_REASON, type MailSkipReason } from "../../../shared/domain/mail-skips";
import { ORDER_STATE, type OrderState } from "../../../shared/domain/order-states";
import { asc, eq, inArray } from "drizzle-orm";
import { timeZoneOf } from "../../../shared/format/dates";
import { isCountryCode, sitePrefix, DEFAULT_COUNTRY, type Locale } from "../../../shared/locales";
import { orders, passengers, productVariants, refunds, tickets } from "../../db/schema";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import type { OutboxJob } from "../../outbox/jobs";
import {
  orderConfirmationMail,
  passengerTicketMail,
  paymentReceivedMail,
  refundMail,
  transferInstructionsMail,
  transferRejectedMail,
  eventCancelledMail,
  type MailTicketLine,
  type OrderMailData,
  type PassengerTicketMail,
  type RefundMailFacts,
} from "../../mail/order-mails";
import { publicOrigin } from "../../origin";
import { paymentSettings } from "../../payments";
import { pick } from "../catalogue/rows";
import { passengerCodes } from "../tickets/passenger-tickets";
import { ticketQrImage, ticketQrText } from "../tickets/ticket-qr";
import { cancelledTripFiles, toldPassengers, tripFiles } from "../manifests/trip-files";
import { simpleMail } from "../../mail/simple-mail";
import { translate } from "../../../shared/i18n";
import type { MailMessage } from "../../mail/mailer";
import type { OrderNotice, OrderNoticeJob } from "../notices/order-notice";
import { orderInvoicePdf } from "../invoices/invoices";
import { ShopError } from "../../../shared/domain/shop-error";
import { REFUND_REASON } from "../../../shared/domain/refunds";
import { payerOf, type Payer } from "../payers/payer";
import { orderWithEvent } from "../orders/order-with-event";
import { orderMoneyOfOne } from "../refunds/order-money";

export { enqueueOrderNotice, type OrderNotice, type OrderNoticeJob } from "../notices/order-notice";

/** An order's tickets with their passengers' names, in the buyer's language. */
async function ticketLines(db: Db, orderId: number, locale: Locale): Promise<MailTicketLine[]> {
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
  return ticketRows.map((ticket) => ({
    name: pick(ticket.translations, locale)?.name ?? "",
    passengers: passengerRows.filter((passenger) => passenger.ticketId === ticket.id).map((passenger) => passenger.name),
  }));
}

/**
 * What a refund mail tells beyond the order: the refunded tickets are the split order's when some passengers were
 * refunded (the order itself keeps the others), else the order's own; the money is the order's paid, refunded and
 * net (services/refunds/order-money.ts), the figures its account page, desk and exports show.
 */
async function refundFacts(db: Db, row: typeof refunds.$inferSelect, locale: Locale, how: RefundMailFacts["how"]): Promise<RefundMailFacts> {
  const own = await ticketLines(db, row.orderId, locale);
  const [order] = await db.select({ state: orders.state }).from(orders).where(eq(orders.id, row.orderId));
  const money = await orderMoneyOfOne(db, row.orderId);
  const partial = row.splitOrderId !== null;
  return {
    amount: row.amount,
    method: row.method,
    reason: row.reason,
    how,
    note: row.note,
    refunded: partial ? await ticketLines(db, row.splitOrderId!, locale) : own,
    // A partial refund leaves the order paid with the tickets nobody gave back.
    kept: partial && order?.state === ORDER_STATE.paid ? own : [],
    paid: money.paid,
    refundedTotal: money.refunded,
  };
}

type NoticeData = OrderMailData & { buyerName: string; holdExpiresAt: Date | null; state: string; undeliverable: boolean };

/**
 * What an order mail shows, to the one who paid it (services/payers/payer.ts: a friend who paid their share through
 * their link, else the account holder), in their language; `paymentId` names the payment in question (a refund's).
 * `holder` is the same for the account holder when someone else paid: they get a copy of a refund.
 */
export async function mailData(deps: ShopContext, orderId: number, paymentId: number | null = null): Promise<(NoticeData & { holder: NoticeData | null; payer: Payer }) | null> {
  const { db } = deps;
  const row = await orderWithEvent(db, orderId);
  if (!row) return null;
  const who = await payerOf(db, orderId, paymentId, row.user);
  if (!who) return null;
  const country = isCountryCode(row.user.countryCode) ? row.user.countryCode : DEFAULT_COUNTRY;
  const buyerName = `${row.user.firstName} ${row.user.lastName}`.trim();
  const dataFor = async (person: Payer): Promise<NoticeData> => ({
    to: person.email,
    firstName: person.firstName,
    buyerName,
    locale: person.locale,
    orderId,
    eventName: pick(row.event.translations, person.locale)?.name ?? "",
    eventDate: (row.date ?? row.event.startDate).toISOString(),
    timeZone: timeZoneOf(row.event.countryCode),
    readerTimeZone: person.timeZone,
    currency: row.order.currency,
    subtotal: row.order.subtotal,
    total: row.order.total,
    tickets: await ticketLines(db, orderId, person.locale),
    // Only an account holder has a page that lists the purchase.
    link: person.userId !== null ? `${publicOrigin(deps.env)}${sitePrefix(country, person.locale)}/my-account/payments` : null,
    holdExpiresAt: row.order.holdExpiresAt,
    state: row.order.state,
    undeliverable: person.undeliverable,
  });
  return { ...(await dataFor(who.payer)), holder: who.paidByAnother ? await dataFor(who.holder) : null, payer: who.payer };
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

/**
 * The outbox handler of "order.notice": renders and sends the mail. It throws when the mail cannot be sent, so
 * the worker tries again later; the mail's key is the outbox row, so a retry after a crash is the same mail.
 */
export async function orderNoticeJob(deps: ShopContext, { orderId, notice, reason, refund, refundId, refundHow }: OrderNoticeJob, job: OutboxJob): Promise<void | { skipped: MailSkipReason }> {
  // A refund speaks of the payment it gives back, and so to that payment's payer.
  const [refundRow] = notice === "refund" && refundId ? await deps.db.select().from(refunds).where(eq(refunds.id, refundId)) : [];
  const data = await mailData(deps, orderId, refundRow?.paymentId ?? null);
  if (!data) return { skipped: MAIL_SKIP_REASON.order_gone };
  if (!(NOTICE_STATES[notice] as readonly string[]).includes(data.state)) return { skipped: MAIL_SKIP_REASON.state_changed };
  // Retrying a mail the server refuses for good would only be refused again: the desk says so instead.
  if (data.undeliverable) return { skipped: MAIL_SKIP_REASON.address_undeliverable };
  let message;
  if (notice === "event_cancelled") {
    // The trip is off: the calendar entries sent for it are called off (METHOD:CANCEL, same UIDs).
    // (Only a paid order was ever sent any: an unpaid one's buyer had no calendar entry to remove.)
    message = withFiles(eventCancelledMail(data, refund === true), refund === true ? await cancelledTripFiles(deps, orderId, data.locale) : []);
  } else if (notice === "transfer_rejected") {
    message = transferRejectedMail(data, reason ?? "");
  } else if (notice === "refunded") {
    message = refundMail(data, { amount: data.total, method: "", reason: REFUND_REASON.seats_resold, how: "card", refunded: data.tickets, kept: [], paid: data.total, refundedTotal: data.total });
  } else if (notice === "refund") {
    if (!refundRow) return { skipped: MAIL_SKIP_REASON.refund_gone };
    const cancelledBy = data.holder ? data.buyerName : undefined;
    // A hand refund's later "paid" mail has nothing new for the calendars; a payment that came after its seats were
    // sold again never had a trip to call off.
    const quiet = refundHow === "manual_paid" || refundRow.reason === REFUND_REASON.seats_resold;
    const calendars = quiet ? async () => [] : (locale: Locale) => refundCalendars(deps, refundRow, locale);
    message = withFiles(refundMail(data, { ...(await refundFacts(deps.db, refundRow, data.locale, refundHow ?? "card")), cancelledBy }), await calendars(data.locale));
    // The account holder who made the booking gets a copy saying whom the money went to (keyed apart: a retry sends the same).
    if (data.holder && !data.holder.undeliverable) {
      const copy = refundMail(data.holder, { ...(await refundFacts(deps.db, refundRow, data.holder.locale, refundHow ?? "card")), paidBy: { name: data.payer.name, email: data.payer.email } });
      await deps.mailer.send({ ...withFiles(copy, await calendars(data.holder.locale)), key: `${job.mailKey}-holder` });
    }
  } else if (notice === "transfer_instructions") {
    // The account of the company selling the event (its country's, known by the order's currency).
    message = transferInstructionsMail(data, paymentSettings(deps.env).transfer(countryOfCurrency(data.currency) ?? DEFAULT_COUNTRY), data.holdExpiresAt?.toISOString() ?? null);
  } else {
    const text = ticketQrText(deps.auth.ticketKey, orderId);
    const code = { text, image: await ticketQrImage(text) };
    const trip = await tripFiles(deps, orderId, data.locale);
    const tickets = await passengerTicketMails(deps, orderId, data.to);
    // Each passenger's own mail first, keyed by this job and the passenger: a retry sends the same mails again
    // (the mail key makes them the same message), and the buyer's mail, which says who got one, goes last.
    for (const passenger of tickets.filter((one) => one.mailed)) {
      await deps.mailer.send({ ...passengerTicketMail(data, passenger, data.buyerName), key: `${job.mailKey}-passenger-${passenger.passengerId}` });
    }
    message = notice === "confirmation" ? orderConfirmationMail(data, code, trip, tickets) : paymentReceivedMail(data, code, trip, tickets);
    // The order's invoice goes with its tickets (issued when it was paid, in the same transaction).
    const invoice = await invoiceAttachment(deps, orderId);
    if (invoice) message = { ...message, attachments: [...(message.attachments ?? []), invoice] };
  }
  // Told once per refund (as the calendars above), and only of a trip that was sold.
  const callsOff = (notice === "event_cancelled" && refund === true) || (notice === "refund" && refundRow !== undefined && refundHow !== "manual_paid" && refundRow.reason !== REFUND_REASON.seats_resold);
  if (callsOff) await tellPassengersCancelled(deps, data, refundRow?.splitOrderId ?? orderId, job);
  await deps.mailer.send({ ...message, key: job.mailKey });
}

/**
 * Passengers who were sent their own calendar entry by a publish, at their own address, are sent its
 * cancellation when their seat goes (the order's, or the refunded part's), in the language they were told in.
 */
async function tellPassengersCancelled(deps: ShopContext, data: NonNullable<Awaited<ReturnType<typeof mailData>>>, passengersOrderId: number, job: OutboxJob) {
  const told = await toldPassengers(deps, passengersOrderId, [data.to, data.holder?.to ?? ""]);
  // The pick-up notices spoke the buyer's language: so does their cancellation.
  const locale = data.holder?.locale ?? data.locale;
  const event = data.holder?.eventName ?? data.eventName;
  for (const passenger of told) {
    const files = await cancelledTripFiles(deps, data.orderId, locale, null, passenger.id);
    if (files.length === 0) continue;
    const mail = simpleMail({
      to: passenger.email,
      subject: translate(locale, "mail.trip_cancelled.subject", { event }),
      lines: [translate(locale, "mail.greeting", { name: passenger.name }), translate(locale, "mail.trip_cancelled.body", { event, buyer: data.buyerName })],
      footer: translate(locale, "mail.footer"),
      locale,
    });
    // The key keeps its stored form (`-rider-`): mails keyed before the rename are not sent again.
    await deps.mailer.send({ ...mail, attachments: files, key: `${job.mailKey}-rider-${passenger.id}` });
  }
}

/** A mail with calendar files added. */
function withFiles(message: MailMessage, files: NonNullable<MailMessage["attachments"]>): MailMessage {
  return files.length ? { ...message, attachments: [...(message.attachments ?? []), ...files] } : message;
}

/**
 * The calendar files a refund sends: the refunded passengers' pick-ups called off and, when others stay booked,
 * the order's entries as they now stand (a pick-up named by a refunded passenger is named by the next one);
 * a whole refund calls off the whole trip.
 */
async function refundCalendars(deps: ShopContext, refund: typeof refunds.$inferSelect, locale: Locale) {
  if (!refund.splitOrderId) return cancelledTripFiles(deps, refund.orderId, locale);
  const kept = await tripFiles(deps, refund.orderId, locale);
  return [...(await cancelledTripFiles(deps, refund.orderId, locale, refund.splitOrderId)), ...(kept?.attachments ?? [])];
}

/** The order's invoice as a mail attachment; none when the order has no invoice. */
async function invoiceAttachment(deps: ShopContext, orderId: number) {
  try {
    const file = await orderInvoicePdf(deps, orderId, null);
    return { filename: file.fileName, content: file.pdf.toString("base64"), contentType: "application/pdf", encoding: "base64" as const };
  } catch (error) {
    if (error instanceof ShopError && error.code === "not_found") return null;
    throw error;
  }
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

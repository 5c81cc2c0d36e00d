/**
 * Sending the order mails: loads what the mail shows (in the buyer's language), renders the QR code for paid
 * orders and hands the message to the shop's mailer. A mail that fails is logged and never undoes a payment.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { timeZoneOf } from "../../../shared/format/dates";
import { isCountryCode, isLocale, sitePrefix, DEFAULT_COUNTRY, DEFAULT_LOCALE, type Locale } from "../../../shared/locales";
import { eventDates, events, orders, passengers, productVariants, tickets, users } from "../../db/schema";
import type { AppDeps } from "../../http/context";
import { mailerFor } from "../../mail/mailer";
import { orderConfirmationMail, paymentReceivedMail, transferInstructionsMail, type OrderMailData } from "../../mail/order-mails";
import { paymentSettings, publicOrigin } from "../../payments";
import { pick } from "../catalog/rows";
import { ticketQrImage, ticketQrText } from "./ticket-qr";

export type OrderNotice = "confirmation" | "transfer_instructions" | "payment_received";

async function mailData(deps: AppDeps, orderId: number): Promise<(OrderMailData & { holdExpiresAt: Date | null }) | null> {
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
  };
}

/**
 * How long a purchase or a confirmation waits for its mail before answering: the local outbox takes milliseconds,
 * but a slow SMTP server must not make the wizard (15 s time-out) believe a placed order failed. The mail still
 * goes out in the background.
 */
const NOTICE_WAIT_MS = 3000;

export async function sendOrderNotice(deps: AppDeps, orderId: number, notice: OrderNotice): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, NOTICE_WAIT_MS);
    timer.unref();
  });
  await Promise.race([deliver(deps, orderId, notice), waited]);
  clearTimeout(timer);
}

async function deliver(deps: AppDeps, orderId: number, notice: OrderNotice): Promise<void> {
  try {
    const data = await mailData(deps, orderId);
    if (!data) return;
    let message;
    if (notice === "transfer_instructions") {
      message = transferInstructionsMail(data, paymentSettings(deps.env).transfer, data.holdExpiresAt?.toISOString() ?? null);
    } else {
      const text = ticketQrText(deps.env, orderId);
      const code = { text, image: await ticketQrImage(text) };
      message = notice === "confirmation" ? orderConfirmationMail(data, code) : paymentReceivedMail(data, code);
    }
    await mailerFor(deps).send(message);
  } catch (error) {
    console.error(`order ${orderId}: the ${notice} mail could not be sent:`, error);
  }
}

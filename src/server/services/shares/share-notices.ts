/**
 * The mails (and text messages) of a shared purchase, as outbox jobs: each friend's personal payment link, and at
 * the deadline the release of the seats nobody paid, with one mail to the buyer naming them. The deadline job is
 * scheduled with the purchase and reads the shop's clock: early, it waits for its retry rather than release.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { translate, type MessageKey } from "../../../shared/i18n";
import { timeZoneOf } from "../../../shared/format/dates";
import { mailClock } from "../../mail/mail-clock";
import { readerZoneOf } from "../payers/payer";
import { formatPrice } from "../../../shared/format/money";
import { isLocale, sitePrefix, DEFAULT_LOCALE, isCountryCode, DEFAULT_COUNTRY, type Locale } from "../../../shared/locales";
import type { ShopContext } from "../../context";
import { eventDates, events, orders, paymentShares, users } from "../../db/schema";
import { simpleMail } from "../../mail/simple-mail";
import { publicOrigin } from "../../origin";
import { enqueue } from "../../outbox/enqueue";
import { pick } from "../catalogue/rows";
import { endAwaiting, SWEEPER } from "../order-life/order-life";
import { hashShareToken } from "./place-shares";
import { ORDER_STATE } from "../../../shared/domain/order-states";

async function shareContext(ctx: ShopContext, shareId: number) {
  const [row] = await ctx.db
    .select({ share: paymentShares, order: orders, event: events, dateStart: eventDates.startDate, buyer: users })
    .from(paymentShares)
    .innerJoin(orders, eq(orders.id, paymentShares.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(eventDates, eq(eventDates.id, orders.eventDateId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(paymentShares.id, shareId));
  return row;
}

const localeOf = (value: string): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** One friend's link to pay their share, by mail and, when a mobile was given, by text message. */
export async function shareInviteJob(ctx: ShopContext, payload: { shareId: number; token: string; prefix: string }): Promise<void> {
  const row = await shareContext(ctx, payload.shareId);
  if (!row || row.share.tokenHash !== hashShareToken(payload.token) || row.share.releasedAt) return;
  const locale = localeOf(row.buyer.localeCode);
  const country = isCountryCode(row.event.countryCode) ? row.event.countryCode : DEFAULT_COUNTRY;
  // The friend's own clock when they hold an account (else none is named: the event's is the rule).
  const [friend] = await ctx.db.select({ countryCode: users.countryCode }).from(users).where(sql`lower(${users.email}) = ${row.share.email.trim().toLowerCase()}`).limit(1);
  const clock = mailClock(locale, timeZoneOf(country), readerZoneOf(friend));
  const t = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  const prefix = payload.prefix || sitePrefix(country, locale);
  const link = `${publicOrigin(ctx.env)}${prefix}/share?token=${payload.token}`;
  const params = {
    buyer: `${row.buyer.firstName} ${row.buyer.lastName}`.trim(),
    event: pick(row.event.translations, locale)?.name ?? "",
    date: row.dateStart ? clock(row.dateStart.toISOString()) : "",
    amount: formatPrice(row.order.total, row.order.currency, locale),
    deadline: clock(row.share.deadline.toISOString()),
  };
  await ctx.mailer.send(
    simpleMail({
      to: row.share.email,
      subject: t("share.mail_subject", params),
      lines: [t("private_events.mail.greeting", { name: row.share.name }), t("share.mail_body", params), t("share.mail_deadline", params)],
      button: { label: t("share.mail_button"), href: link },
      footer: t("mail.footer"),
      locale,
      key: `share-${row.share.id}-invite`,
    }),
  );
  if (row.share.phone?.startsWith("+")) await ctx.sms.send({ to: row.share.phone, body: t("share.sms", { ...params, link }) });
}

/**
 * At the deadline: every share of the purchase still unpaid is released (its order expires, its seat is back on
 * sale) and the buyer is told once, by a mail promised in the same transaction.
 */
export async function shareDeadlineJob(ctx: ShopContext, payload: { buyerOrderId: number }): Promise<void> {
  const now = ctx.now();
  const shares = await ctx.db.select().from(paymentShares).where(eq(paymentShares.buyerOrderId, payload.buyerOrderId));
  if (shares.length === 0) return;
  if (shares.some((share) => now.getTime() < share.deadline.getTime())) throw new Error(`shares of order ${payload.buyerOrderId}: deadline not reached`);
  const orderIds = shares.map((share) => share.orderId);
  const eventIds = await ctx.db.transaction(async (tx) => {
    await endAwaiting(tx, inArray(orders.id, orderIds), ORDER_STATE.expired, SWEEPER, { reason: "share_deadline" });
    const unpaid = tx.select({ id: orders.id }).from(orders).where(and(inArray(orders.id, orderIds), ne(orders.state, ORDER_STATE.paid)));
    const released = await tx
      .update(paymentShares)
      .set({ releasedAt: now })
      .where(and(eq(paymentShares.buyerOrderId, payload.buyerOrderId), isNull(paymentShares.releasedAt), inArray(paymentShares.orderId, unpaid)))
      .returning({ id: paymentShares.id });
    if (released.length > 0) await enqueue(tx, "share.released", { buyerOrderId: payload.buyerOrderId, shareIds: released.map((row) => row.id) });
    const [order] = await tx.select({ eventId: orders.eventId }).from(orders).where(eq(orders.id, payload.buyerOrderId));
    return order ? [order.eventId] : [];
  });
  ctx.catalogue.announce({ area: "stock", eventIds });
  ctx.outbox.wake();
}

/** The buyer's mail: which seats went back on sale unpaid. */
export async function sharesReleasedJob(ctx: ShopContext, payload: { buyerOrderId: number; shareIds: number[] }): Promise<void> {
  const rows = await ctx.db
    .select({ share: paymentShares, event: events, buyer: users })
    .from(paymentShares)
    .innerJoin(orders, eq(orders.id, paymentShares.buyerOrderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(paymentShares.id, payload.shareIds))
    .orderBy(asc(paymentShares.id));
  const first = rows[0];
  if (!first) return;
  const locale = localeOf(first.buyer.localeCode);
  const country = isCountryCode(first.event.countryCode) ? first.event.countryCode : DEFAULT_COUNTRY;
  const t = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  const event = pick(first.event.translations, locale)?.name ?? "";
  await ctx.mailer.send(
    simpleMail({
      to: first.buyer.email,
      subject: t("share.released_subject", { event }),
      lines: [
        t("private_events.mail.greeting", { name: first.buyer.firstName }),
        t("share.released_body", { deadline: mailClock(locale, timeZoneOf(country), readerZoneOf(first.buyer))(first.share.deadline.toISOString()), names: rows.map((row) => row.share.name).join(", ") }),
      ],
      button: { label: t("share.released_button"), href: `${publicOrigin(ctx.env)}${sitePrefix(country, locale)}/order-detail/${payload.buyerOrderId}` },
      footer: t("mail.footer"),
      locale,
      key: `shares-${payload.buyerOrderId}-released`,
    }),
  );
}

/**
 * The outbox jobs that tell people their published times, in the buyer's language: "dispatch.passenger-notice"
 * (one passenger, by mail or by text) and "dispatch.buyer-notice" (the buyer's mail listing the order's
 * passengers). They read what is published when they run, so a retry tells the same thing, and a passenger
 * whose order is no longer paid is told nothing. A passenger whose email is the buyer's gets the buyer's mail only.
 */
import { and, asc, eq } from "drizzle-orm";
import { formatTime, timeZoneOf } from "../../../shared/format/dates";
import { mailClock } from "../../mail/mail-clock";
import { readerZoneOf } from "../payers/payer";
import { toE164 } from "../../../shared/format/phone-number";
import { PHONE_COUNTRIES, type PhoneCountry } from "../../../shared/format/phone-metadata";
import type { PickupNoticeChannel } from "../../../shared/domain/dispatch";
import { type Leg, LEG } from "../../../shared/domain/legs";
import { translate, type MessageKey, type Params } from "../../../shared/i18n";
import { DEFAULT_COUNTRY, DEFAULT_LOCALE, isCountryCode, isLocale, sitePrefix, type Locale } from "../../../shared/locales";
import type { ShopContext } from "../../context";
import { events, orders, passengers, places, publishedPickups, tickets, users, vehicles } from "../../db/schema";
import { escapeHtml, mailShell } from "../../mail/mail-html";
import { publicOrigin } from "../../origin";
import type { OutboxJob } from "../../outbox/jobs";
import { pick } from "../catalogue/rows";
import { trackingLink } from "../notices/tracking-link";
import { publishedLegFile } from "../manifests/trip-files";
import type { MailMessage } from "../../mail/mailer";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { MAIL_SKIP_REASON, type MailSkipReason } from "../../../shared/domain/mail-skips";

export interface PassengerNoticeJob {
  passengerId: number;
  leg: Leg;
  channel: PickupNoticeChannel;
}

export interface BuyerNoticeJob {
  orderId: number;
  leg: Leg;
}

interface Told {
  passengerId: number;
  name: string;
  email: string;
  phone: string;
  line: string;
}

async function orderContext(deps: ShopContext, orderId: number) {
  const [row] = await deps.db
    .select({ state: orders.state, buyerEmail: users.email, buyerName: users.firstName, locale: users.localeCode, country: users.countryCode, event: events.translations, eventCountry: events.countryCode, venue: places.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(places, eq(places.id, events.placeId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row || row.state !== ORDER_STATE.paid) return null;
  const locale: Locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  // Every notice of the order is written in the buyer's language and named for the buyer's clock (a passenger's own
  // is unknown to the shop), on the event's clock.
  return { ...row, locale, eventName: pick(row.event, locale)?.name ?? "", timeZone: timeZoneOf(row.eventCountry), clock: mailClock(locale, timeZoneOf(row.eventCountry), readerZoneOf({ countryCode: row.country })) };
}

/** Each passenger's line: when and where, and in which vehicle. */
async function toldLines(deps: ShopContext, leg: Leg, where: { orderId?: number; passengerId?: number }, context: NonNullable<Awaited<ReturnType<typeof orderContext>>>): Promise<Told[]> {
  const rows = await deps.db
    .select({ passengerId: passengers.id, name: passengers.name, email: passengers.email, phone: passengers.phone, time: publishedPickups.time, departsAt: publishedPickups.departsAt, address: publishedPickups.address, plate: vehicles.plate })
    .from(publishedPickups)
    .innerJoin(passengers, eq(passengers.id, publishedPickups.passengerId))
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .leftJoin(vehicles, eq(vehicles.id, publishedPickups.vehicleId))
    .where(
      and(
        eq(publishedPickups.leg, leg),
        where.orderId !== undefined ? eq(tickets.orderId, where.orderId) : undefined,
        where.passengerId !== undefined ? eq(passengers.id, where.passengerId) : undefined,
      ),
    )
    .orderBy(asc(passengers.id));
  const t = (key: MessageKey, params?: Params) => translate(context.locale, key, params);
  const country = isCountryCode(context.country) ? context.country : DEFAULT_COUNTRY;
  return rows.map((row) => {
    const vehicle = row.plate ?? t("pickup.vehicle_pending");
    const line =
      leg === LEG.outbound
        ? t("pickup.line.outbound", { date: context.clock(row.time.toISOString()), address: row.address, vehicle, event: context.eventName })
        : t("pickup.line.return", { time: context.clock(row.departsAt.toISOString(), "time"), venue: context.venue, address: row.address, arrival: formatTime(row.time.toISOString(), context.timeZone), vehicle });
    // Each passenger's own live page of their van (no sign-in), after the times.
    const tracking = t("pickup.tracking", { link: trackingLink(deps.env, deps.auth.signer, row.passengerId, country, context.locale) });
    return { passengerId: row.passengerId, name: row.name, email: row.email, phone: row.phone, line: `${line} ${tracking}` };
  });
}

function pickupMail(locale: Locale, to: string, name: string, subject: string, lines: string[], link: string, file?: NonNullable<MailMessage["attachments"]>[number]) {
  const t = (key: MessageKey, params?: Params) => translate(locale, key, params);
  const greeting = t("mail.greeting", { name });
  const e = escapeHtml;
  const html = mailShell(
    locale,
    subject,
    `<p style="margin:0 0 16px">${e(greeting)}</p>
<p style="margin:0 0 12px">${e(t("pickup.mail.intro"))}</p>
<ul style="margin:0 0 20px;padding-left:20px">${lines.map((line) => `<li style="margin:0 0 8px">${e(line)}</li>`).join("")}</ul>
<p style="margin:0 0 12px">${e(t("pickup.mail.sms"))}</p>${file ? `\n<p style="margin:0 0 12px">${e(t("pickup.mail.calendar"))}</p>` : ""}`,
    t("mail.footer"),
  );
  const text = [greeting, "", t("pickup.mail.intro"), "", ...lines.map((line) => `- ${line}`), "", t("pickup.mail.sms"), "", ...(file ? [t("pickup.mail.calendar"), ""] : []), "--", t("mail.footer")].join("\n");
  return { to, subject, text, html, links: link ? [link] : [], ...(file ? { attachments: [file] } : {}) };
}

async function orderOfPassenger(deps: ShopContext, passengerId: number) {
  const [row] = await deps.db.select({ orderId: tickets.orderId }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(eq(passengers.id, passengerId));
  return row?.orderId;
}

/** One passenger's notice; a notice not sent says why (the order desk lists it with its reason). */
export async function passengerNoticeJob(deps: ShopContext, job: PassengerNoticeJob, outboxJob: OutboxJob): Promise<void | { skipped: MailSkipReason }> {
  const orderId = await orderOfPassenger(deps, job.passengerId);
  if (orderId === undefined) return { skipped: MAIL_SKIP_REASON.order_gone };
  const context = await orderContext(deps, orderId);
  if (!context) return { skipped: MAIL_SKIP_REASON.state_changed };
  const [told] = await toldLines(deps, job.leg, { passengerId: job.passengerId }, context);
  if (!told) return { skipped: MAIL_SKIP_REASON.state_changed };
  const subject = translate(context.locale, job.leg === LEG.outbound ? "pickup.subject.outbound" : "pickup.subject.return", { event: context.eventName });
  if (job.channel === "mail") {
    if (!told.email) return { skipped: MAIL_SKIP_REASON.no_contact };
    if (told.email.toLowerCase() === context.buyerEmail.toLowerCase()) return { skipped: MAIL_SKIP_REASON.buyer_copy };
    // The passenger's own pick-up (or the return) as their calendar entry, moved to the published time.
    const file = await publishedLegFile(deps, orderId, job.leg, context.locale, job.passengerId);
    await deps.mailer.send({ ...pickupMail(context.locale, told.email, told.name, subject, [told.line], "", file), key: outboxJob.mailKey });
    return;
  }
  const country: PhoneCountry = (PHONE_COUNTRIES as readonly string[]).includes(context.eventCountry) ? (context.eventCountry as PhoneCountry) : "CO";
  const to = toE164(told.phone, { country, anyCountry: true });
  if (!to) return { skipped: MAIL_SKIP_REASON.no_contact };
  await deps.sms.send({ to, body: translate(context.locale, "pickup.sms", { line: told.line }) });
}

export async function buyerNoticeJob(deps: ShopContext, job: BuyerNoticeJob, outboxJob: OutboxJob): Promise<void> {
  const context = await orderContext(deps, job.orderId);
  if (!context) return;
  const lines = await toldLines(deps, job.leg, { orderId: job.orderId }, context);
  if (lines.length === 0) return;
  const country = isCountryCode(context.country) ? context.country : DEFAULT_COUNTRY;
  const link = `${publicOrigin(deps.env)}${sitePrefix(country, context.locale)}/my-account/payments`;
  const subject = translate(context.locale, job.leg === LEG.outbound ? "pickup.subject.outbound" : "pickup.subject.return", { event: context.eventName });
  const named = lines.map((told) => `${told.name}: ${told.line}`);
  // The order's entries of the leg, at the published times: the same UIDs as the confirmation's, a higher SEQUENCE.
  const file = await publishedLegFile(deps, job.orderId, job.leg, context.locale);
  await deps.mailer.send({ ...pickupMail(context.locale, context.buyerEmail, context.buyerName, subject, named, link, file), key: outboxJob.mailKey });
}


/**
 * How the day went, after the commit: a passenger's rating invitation (five one-tap links, one per score, to their
 * signed rating page) and the day's summary to the operations address with the link to the report.
 */
import { eq } from "drizzle-orm";
import { DEFAULT_COUNTRY, DEFAULT_LOCALE, isCountryCode, isLocale, localeTag, type Locale } from "../../../shared/locales";
import { RATING_SCORES } from "../../../shared/domain/day-report";
import { translate, type MessageKey } from "../../../shared/i18n";
import { formatDate } from "../../../shared/format/dates";
import type { ShopContext } from "../../context";
import { eventDates, events, orders, passengers, tickets, users } from "../../db/schema";
import { escapeHtml, mailButton, mailShell } from "../../mail/mail-html";
import type { OutboxHandlers, OutboxJob } from "../../outbox/jobs";
import { publicOrigin } from "../../origin";
import { pick } from "../catalogue/rows";
import { dayReport } from "./day-report";
import { ratingLink } from "./ride-rating";

export interface RatingInviteJob {
  passengerId: number;
}
export interface DaySummaryJob {
  eventDateId: number;
}

declare module "../../outbox/jobs" {
  interface OutboxPayloads {
    "reports.rating-invite": RatingInviteJob;
    "reports.day-summary": DaySummaryJob;
  }
}

type Params = Record<string, string | number>;

async function ratingInvite(deps: ShopContext, job: RatingInviteJob, outboxJob: OutboxJob): Promise<void> {
  const [row] = await deps.db
    .select({ name: passengers.name, email: passengers.email, buyerEmail: users.email, locale: users.localeCode, country: users.countryCode, translations: events.translations })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(passengers.id, job.passengerId));
  if (!row) return;
  const locale: Locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  const country = isCountryCode(row.country) ? row.country : DEFAULT_COUNTRY;
  const t = (key: MessageKey, params?: Params) => translate(locale, key, params);
  const firstName = row.name.split(/\s+/)[0] ?? row.name;
  const subject = t("rating.mail.subject", { event: pick(row.translations, locale)?.name ?? "" });
  const links = RATING_SCORES.map((score) => ({ score, href: ratingLink(deps.env, deps.auth.signer, job.passengerId, country, locale, score), label: `${"★".repeat(score)} ${t("rating.mail.score", { score })}` }));
  const lines = [t("rating.mail.greeting", { name: firstName }), t("rating.mail.question")];
  const once = t("rating.mail.once", { days: deps.env.RATING_LINK_DAYS });
  const text = [...lines, "", ...links.map((link) => `${link.label}: ${link.href}`), "", once, "", "--", t("mail.footer")].join("\n");
  const inner = [
    ...lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`),
    ...links.map((link) => `<p style="margin:0 0 8px"><a href="${escapeHtml(link.href)}" style="display:inline-block;min-width:200px;border:2px solid #c2410c;color:#b34700;text-decoration:none;font-weight:bold;padding:10px 16px;border-radius:8px">${escapeHtml(link.label)}</a></p>`),
    `<p style="margin:16px 0 0;font-size:14px;color:#555">${escapeHtml(once)}</p>`,
  ].join("\n");
  await deps.mailer.send({ to: row.email || row.buyerEmail, subject, text, html: mailShell(locale, subject, inner, t("mail.footer")), links: links.map((link) => link.href), key: outboxJob.mailKey });
}

async function daySummary(deps: ShopContext, job: DaySummaryJob, outboxJob: OutboxJob): Promise<void> {
  const to = deps.env.OPERATIONS_EMAIL;
  const [date] = await deps.db.select({ id: eventDates.id, countryCode: events.countryCode }).from(eventDates).innerJoin(events, eq(events.id, eventDates.eventId)).where(eq(eventDates.id, job.eventDateId));
  if (!date) return;
  const locale = DEFAULT_LOCALE;
  const report = await dayReport(deps, job.eventDateId, locale, { withTrend: false });
  if (!to) return;
  const t = (key: MessageKey, params?: Params) => translate(locale, key, params);
  const percent = (share: number | null) => (share === null ? t("day.mail.unknown") : new Intl.NumberFormat(localeTag(locale), { style: "percent" }).format(share));
  const day = formatDate(report.startsAt, report.timeZone);
  const totals = report.totals;
  const subject = t("day.mail.subject", { event: report.eventName, date: day });
  const lines = [
    t("day.mail.intro", { event: report.eventName, date: day }),
    t("day.mail.passengers", { boarded: report.trend[0]?.boarded ?? 0, passengers: totals.passengers, noShows: totals.noShows }),
    t("day.mail.on_time", { share: percent(totals.onTimeShare) }),
    t("day.mail.seats", { share: percent(totals.seatUtilisation) }),
    t("day.mail.effort", { minutes: Math.round(totals.vehicleMinutes), km: Math.round(totals.vehicleKm), co2: totals.co2KgPerPassenger ?? 0 }),
    totals.rating === null ? t("day.mail.no_rating") : t("day.mail.rating", { rating: totals.rating, count: totals.ratings }),
    ...(report.alerts.length ? [t("day.mail.alerts", { count: report.alerts.length })] : []),
  ];
  const link = `${publicOrigin(deps.env)}/staff/day-report?eventDateId=${job.eventDateId}`;
  const text = [...lines, "", `${t("day.mail.open")}: ${link}`, "", "--", t("mail.footer")].join("\n");
  const inner = [...lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`), mailButton(link, t("day.mail.open"))].join("\n");
  await deps.mailer.send({ to, subject, text, html: mailShell(locale, subject, inner, t("mail.footer")), links: [link], key: outboxJob.mailKey });
}

export const reportJobs = {
  "reports.rating-invite": ratingInvite,
  "reports.day-summary": daySummary,
} satisfies OutboxHandlers<"reports.rating-invite" | "reports.day-summary">;

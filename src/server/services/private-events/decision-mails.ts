/**
 * The organiser's mails about staff's decision, in the organiser's language, as outbox jobs promised with the
 * decision itself (so each is sent once, even when the mail server is down at that moment): an approval states
 * the quote and links to the private event, where it is paid with the country's methods; a rejection gives the reason.
 */
import { eq } from "drizzle-orm";
import { translate, type MessageKey } from "../../../shared/i18n";
import { formatDate, formatDateTime, timeZoneOf } from "../../../shared/format/dates";
import { formatPrice } from "../../../shared/format/money";
import { isLocale, sitePrefix, DEFAULT_LOCALE, type CountryCode } from "../../../shared/locales";
import type { ShopContext } from "../../context";
import { counties, privateEvents, provinces, users } from "../../db/schema";
import { simpleMail } from "../../mail/simple-mail";
import { publicOrigin } from "../../origin";
import { seatPrice } from "./invitations";
import type { OutboxJob } from "../../outbox/jobs";
import type { PRIVATE_EVENT_STATE } from "../../../shared/domain/private-event-states";
import { QUOTE_STATE } from "../../../shared/domain/private-events";

export interface DecisionPayload {
  privateEventId: number;
  decision: typeof PRIVATE_EVENT_STATE.approved | typeof PRIVATE_EVENT_STATE.rejected;
}

export async function decisionMailJob(ctx: ShopContext, payload: DecisionPayload, job: OutboxJob): Promise<void> {
  const [row] = await ctx.db
    .select({ privateEvent: privateEvents, owner: users, countryCode: provinces.countryCode })
    .from(privateEvents)
    .innerJoin(users, eq(users.id, privateEvents.ownerId))
    .innerJoin(counties, eq(counties.id, privateEvents.countyId))
    .innerJoin(provinces, eq(provinces.id, counties.provinceId))
    .where(eq(privateEvents.id, payload.privateEventId));
  if (!row) return;
  const { privateEvent, owner } = row;
  const locale = isLocale(owner.localeCode) ? owner.localeCode : DEFAULT_LOCALE;
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const country = row.countryCode as CountryCode;
  const zone = timeZoneOf(country);
  const link = `${publicOrigin(ctx.env)}${sitePrefix(country, locale)}/my-account/events?request=${privateEvent.id}`;
  const greeting = t("private_events.mail.greeting", { name: owner.firstName });
  const event = { event: privateEvent.name, date: formatDateTime(privateEvent.startDate.toISOString(), zone) };
  const base = { to: owner.email, footer: t("mail.footer"), locale, key: job.mailKey };
  if (payload.decision === "rejected") {
    await ctx.mailer.send(
      simpleMail({
        ...base,
        subject: t("private_events.mail.rejected_subject", { event: privateEvent.name }),
        lines: [greeting, t("private_events.mail.rejected_body", event), t("private_events.mail.rejected_reason", { reason: privateEvent.rejectionReason ?? "" })],
        button: { label: t("private_events.mail.open_request"), href: link },
      }),
    );
    return;
  }
  const quote = privateEvent.quote;
  const lines = [greeting, t("private_events.mail.approved_body", event)];
  if (quote && privateEvent.quoteState === QUOTE_STATE.quoted) {
    lines.push(t("private_events.mail.quote_total", { total: formatPrice(quote.total, quote.currency, locale), seats: quote.seats }));
    if (quote.perSeat !== null) lines.push(t("private_events.mail.quote_per_seat", { price: formatPrice(quote.perSeat, quote.currency, locale) }));
    lines.push(t("private_events.mail.quote_valid", { date: formatDate(quote.validUntil, zone) }), t("private_events.mail.quote_then_invitations"));
  } else if (quote && privateEvent.quoteState === QUOTE_STATE.guests_pay) {
    const price = seatPrice(quote);
    lines.push(t("private_events.mail.guests_pay", { price: formatPrice(price, quote.currency, locale), seats: quote.seats }));
  } else {
    lines.push(t("private_events.mail.invitations_sent"));
  }
  await ctx.mailer.send(
    simpleMail({
      ...base,
      subject: t("private_events.mail.approved_subject", { event: privateEvent.name }),
      lines,
      button: { label: t(privateEvent.quoteState === QUOTE_STATE.quoted ? "private_events.mail.pay_quote" : "private_events.mail.open_request"), href: link },
    }),
  );
}

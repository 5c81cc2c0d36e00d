/**
 * The organiser's mails about staff's decision, in the organiser's language, as outbox jobs promised with the
 * decision itself (so each is sent once, even when the mail server is down at that moment): an approval states
 * the quote and links to the request, where it is paid with the country's methods; a rejection gives the reason.
 */
import { eq } from "drizzle-orm";
import { translate, type MessageKey } from "../../../shared/i18n";
import { formatDate, formatDateTime, timeZoneOf } from "../../../shared/format/dates";
import { formatPrice } from "../../../shared/format/money";
import { isLocale, sitePrefix, DEFAULT_LOCALE, type CountryCode } from "../../../shared/locales";
import type { ShopContext } from "../../context";
import { counties, eventRequests, provinces, users } from "../../db/schema";
import { simpleMail } from "../../mail/simple-mail";
import { publicOrigin } from "../../origin";
import { seatPrice } from "./invitations";
import type { REQUEST_STATE } from "../../../shared/domain/request-states";

export interface DecisionPayload {
  requestId: number;
  decision: typeof REQUEST_STATE.approved | typeof REQUEST_STATE.rejected;
}

export async function decisionMailJob(ctx: ShopContext, payload: DecisionPayload): Promise<void> {
  const [row] = await ctx.db
    .select({ request: eventRequests, owner: users, countryCode: provinces.countryCode })
    .from(eventRequests)
    .innerJoin(users, eq(users.id, eventRequests.ownerId))
    .innerJoin(counties, eq(counties.id, eventRequests.countyId))
    .innerJoin(provinces, eq(provinces.id, counties.provinceId))
    .where(eq(eventRequests.id, payload.requestId));
  if (!row) return;
  const { request, owner } = row;
  const locale = isLocale(owner.localeCode) ? owner.localeCode : DEFAULT_LOCALE;
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const country = row.countryCode as CountryCode;
  const zone = timeZoneOf(country);
  const link = `${publicOrigin(ctx.env)}${sitePrefix(country, locale)}/my-account/events?request=${request.id}`;
  const greeting = t("private_events.mail.greeting", { name: owner.firstName });
  const event = { event: request.name, date: formatDateTime(request.startDate.toISOString(), zone) };
  const base = { to: owner.email, footer: t("mail.footer"), locale, key: `request-${request.id}-${payload.decision}` };
  if (payload.decision === "rejected") {
    await ctx.mailer.send(
      simpleMail({
        ...base,
        subject: t("groups.mail.rejected_subject", { event: request.name }),
        lines: [greeting, t("groups.mail.rejected_body", event), t("groups.mail.rejected_reason", { reason: request.rejectionReason ?? "" })],
        button: { label: t("groups.mail.open_request"), href: link },
      }),
    );
    return;
  }
  const quote = request.quote;
  const lines = [greeting, t("groups.mail.approved_body", event)];
  if (quote && request.quoteState === "quoted") {
    lines.push(t("groups.mail.quote_total", { total: formatPrice(quote.total, quote.currency, locale), seats: quote.seats }));
    if (quote.perSeat !== null) lines.push(t("groups.mail.quote_per_seat", { price: formatPrice(quote.perSeat, quote.currency, locale) }));
    lines.push(t("groups.mail.quote_valid", { date: formatDate(quote.validUntil, zone) }), t("groups.mail.quote_then_invitations"));
  } else if (quote && request.quoteState === "guests_pay") {
    const price = seatPrice(quote);
    lines.push(t("groups.mail.guests_pay", { price: formatPrice(price, quote.currency, locale), seats: quote.seats }));
  } else {
    lines.push(t("groups.mail.invitations_sent"));
  }
  await ctx.mailer.send(
    simpleMail({
      ...base,
      subject: t("groups.mail.approved_subject", { event: request.name }),
      lines,
      button: { label: t(request.quoteState === "quoted" ? "groups.mail.pay_quote" : "groups.mail.open_request"), href: link },
    }),
  );
}

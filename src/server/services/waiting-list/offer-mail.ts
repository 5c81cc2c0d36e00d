/**
 * The mail that offers seats to the next in line, in their language, with the link that opens the booking wizard
 * on the held seats. Sent only while the offer still runs (a retry after it ended sends nothing).
 */
import { eq } from "drizzle-orm";
import { OFFER_PARAM, WAITING_STATE } from "../../../shared/domain/waiting-list";
import { timeZoneOf } from "../../../shared/format/dates";
import { DEFAULT_COUNTRY, DEFAULT_LOCALE, isCountryCode, isLocale, sitePrefix, type Locale } from "../../../shared/locales";
import type { ShopContext } from "../../context";
import { eventDates, events, productVariants, users, waitingList } from "../../db/schema";
import { waitingOfferMail } from "../../mail/waiting-list-mails";
import { publicOrigin } from "../../origin";
import type { OutboxJob } from "../../outbox/jobs";
import { pick } from "../catalogue/rows";

export interface OfferMailJob {
  entryId: number;
}

export async function offerMailJob(deps: ShopContext, { entryId }: OfferMailJob, job: OutboxJob): Promise<void> {
  const [row] = await deps.db
    .select({ entry: waitingList, user: users, event: events, date: eventDates.startDate, subcategory: productVariants.translations })
    .from(waitingList)
    .innerJoin(users, eq(users.id, waitingList.userId))
    .innerJoin(events, eq(events.id, waitingList.eventId))
    .innerJoin(eventDates, eq(eventDates.id, waitingList.eventDateId))
    .innerJoin(productVariants, eq(productVariants.id, waitingList.productVariantId))
    .where(eq(waitingList.id, entryId));
  if (!row || row.entry.state !== WAITING_STATE.offered || !row.entry.offerExpiresAt || row.entry.offerExpiresAt <= deps.now()) return;
  const locale: Locale = isLocale(row.user.localeCode) ? row.user.localeCode : DEFAULT_LOCALE;
  const country = isCountryCode(row.user.countryCode) ? row.user.countryCode : DEFAULT_COUNTRY;
  const link = `${publicOrigin(deps.env)}${sitePrefix(country, locale)}/event/${row.event.slug}?${OFFER_PARAM}=${row.entry.id}#booking-wizard`;
  const message = waitingOfferMail({
    to: row.user.email,
    firstName: row.user.firstName,
    locale,
    eventName: pick(row.event.translations, locale)?.name ?? "",
    subcategoryName: pick(row.subcategory, locale)?.name ?? "",
    eventDate: row.date.toISOString(),
    until: row.entry.offerExpiresAt.toISOString(),
    timeZone: timeZoneOf(row.event.countryCode),
    seats: row.entry.seats,
    link,
  });
  await deps.mailer.send({ ...message, key: `outbox-${job.id}` });
}

/**
 * The waiting list's mails, in the person's language: the offer of seats to the next in line, with the link that
 * opens the booking wizard on the held seats (sent only while the offer still runs: a retry after it ended sends
 * nothing), and the notice that an offer ran out unused and its seats passed on, with the event's page to join again.
 */
import { eq } from "drizzle-orm";
import { OFFER_PARAM, WAITING_STATE } from "../../../shared/domain/waiting-list";
import { timeZoneOf } from "../../../shared/format/dates";
import { DEFAULT_COUNTRY, DEFAULT_LOCALE, isCountryCode, isLocale, sitePrefix, type Locale } from "../../../shared/locales";
import type { ShopContext } from "../../context";
import { eventDates, events, productVariants, users, waitingList } from "../../db/schema";
import { waitingOfferExpiredMail, waitingOfferMail, type WaitingOfferMail } from "../../mail/waiting-list-mails";
import { publicOrigin } from "../../origin";
import type { OutboxJob } from "../../outbox/jobs";
import { pick } from "../catalogue/rows";
import { readerZoneOf } from "../payers/payer";

export interface OfferMailJob {
  entryId: number;
}

async function entryRow(deps: ShopContext, entryId: number) {
  const [row] = await deps.db
    .select({ entry: waitingList, user: users, event: events, date: eventDates.startDate, subcategory: productVariants.translations })
    .from(waitingList)
    .innerJoin(users, eq(users.id, waitingList.userId))
    .innerJoin(events, eq(events.id, waitingList.eventId))
    .innerJoin(eventDates, eq(eventDates.id, waitingList.eventDateId))
    .innerJoin(productVariants, eq(productVariants.id, waitingList.productVariantId))
    .where(eq(waitingList.id, entryId));
  return row;
}

/**
 * What both mails say of the entry, in its person's locale: the event, the seats, the offer's end, and a link to the
 * event's booking in that person's site, `query` before its anchor (the offer's own link keeps the held seats).
 */
function offerMailData(deps: ShopContext, row: NonNullable<Awaited<ReturnType<typeof entryRow>>>, until: Date, query: string): WaitingOfferMail {
  const locale: Locale = isLocale(row.user.localeCode) ? row.user.localeCode : DEFAULT_LOCALE;
  const country = isCountryCode(row.user.countryCode) ? row.user.countryCode : DEFAULT_COUNTRY;
  return {
    to: row.user.email,
    firstName: row.user.firstName,
    locale,
    eventName: pick(row.event.translations, locale)?.name ?? "",
    subcategoryName: pick(row.subcategory, locale)?.name ?? "",
    eventDate: row.date.toISOString(),
    until: until.toISOString(),
    timeZone: timeZoneOf(row.event.countryCode),
    readerTimeZone: readerZoneOf(row.user),
    seats: row.entry.seats,
    link: `${publicOrigin(deps.env)}${sitePrefix(country, locale)}/event/${row.event.slug}${query}#booking-wizard`,
  };
}

export async function offerMailJob(deps: ShopContext, { entryId }: OfferMailJob, job: OutboxJob): Promise<void> {
  const row = await entryRow(deps, entryId);
  if (!row || row.entry.state !== WAITING_STATE.offered || !row.entry.offerExpiresAt || row.entry.offerExpiresAt <= deps.now()) return;
  const message = waitingOfferMail(offerMailData(deps, row, row.entry.offerExpiresAt, `?${OFFER_PARAM}=${row.entry.id}`));
  await deps.mailer.send({ ...message, key: job.mailKey });
}

/** The offer ran out unused: its person is told the seats went to the next in line, and may join again. */
export async function offerExpiredMailJob(deps: ShopContext, { entryId }: OfferMailJob, job: OutboxJob): Promise<void> {
  const row = await entryRow(deps, entryId);
  if (!row || row.entry.state !== WAITING_STATE.expired || !row.entry.offerExpiresAt) return;
  const message = waitingOfferExpiredMail(offerMailData(deps, row, row.entry.offerExpiresAt, ""));
  await deps.mailer.send({ ...message, key: job.mailKey });
}

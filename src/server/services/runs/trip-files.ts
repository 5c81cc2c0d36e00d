/**
 * The calendar files (.ics) a paid order's mail carries: the outbound pick-up and the return, in the buyer's
 * language, on the event's clock, with each pick-up of the order and the times as they stand when the mail is written
 * (confirmed once dispatch published them; the purchase detail always shows the current ones).
 */
import { LEGS } from "../../../shared/domain/legs";
import { eq } from "drizzle-orm";
import { tripCalendars } from "../../../shared/calendar/trip-legs";
import { translate } from "../../../shared/i18n";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import { events, orders } from "../../db/schema";
import type { ShopContext } from "../../context";
import type { TripFiles } from "../../mail/order-mails";
import { pick } from "../catalogue/rows";
import { itineraryOf } from "./van-manifest";
import { runSheetWith } from "./recent-run-sheet";

export async function tripFiles(deps: ShopContext, orderId: number, locale: Locale): Promise<TripFiles | undefined> {
  const [row] = await deps.db
    .select({ id: orders.id, eventDateId: orders.eventDateId, provinceId: orders.provinceId, state: orders.state, translations: events.translations, countryCode: events.countryCode })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return undefined;
  // The date's run sheet, shared with the other mails of the same date (an on-sale's): recent-run-sheet.ts.
  const itinerary = await itineraryOf(deps, row, locale, (eventDateId, provinceId) => runSheetWith(deps, eventDateId, provinceId, locale, orderId));
  if (!itinerary) return undefined;
  const files = tripCalendars(orderId, pick(row.translations, locale)?.name ?? "", itinerary, (key, params) => translate(locale, key, params), deps.now(), timeZoneOf(row.countryCode));
  const attachments = LEGS.filter((leg) => files[leg])
    .map((leg) => ({ filename: `rodamos-${orderId}-${leg}.ics`, content: files[leg]!, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }));
  return { note: translate(locale, "mail.order.calendar"), attachments };
}

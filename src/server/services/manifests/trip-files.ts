/**
 * The calendar files (.ics) the mails carry, in the reader's language, on the event's clock: a paid order's
 * outbound pick-ups and return with the times as they stand when the mail is written (confirmed once dispatch
 * published them; the purchase detail always shows the current ones); a leg's entries again when dispatch publishes
 * or shifts it (same UIDs, the published plan's version as SEQUENCE, CONFIRMED), for the buyer's order or one
 * passenger's own pick-up; and METHOD:CANCEL for entries of a cancelled order or of refunded passengers.
 */
import { LEGS, LEG, type Leg } from "../../../shared/domain/legs";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { cancelledCalendars, tripCalendars, type Itinerary } from "../../../shared/calendar/trip-legs";
import { calendarContentType } from "../../../shared/calendar/ics";
import { translate } from "../../../shared/i18n";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import { events, orders, passengers, publishedPickups, tickets } from "../../db/schema";
import type { ShopContext } from "../../context";
import type { TripFiles } from "../../mail/order-mails";
import { MAIL_SENDER } from "../../mail/mailer";
import { pick } from "../catalogue/rows";
import { cancelledItinerary, itineraryOf } from "./manifest-sheet";
import { manifestSheetWith } from "./recent-sheet";

type Attachment = TripFiles["attachments"][number];

async function orderRow(deps: ShopContext, orderId: number) {
  const [row] = await deps.db
    .select({ id: orders.id, eventDateId: orders.eventDateId, provinceId: orders.provinceId, state: orders.state, translations: events.translations, countryCode: events.countryCode })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

const words = (locale: Locale) => (key: Parameters<typeof translate>[1], params: Record<string, string>) => translate(locale, key, params);

function attachment(orderId: number, leg: Leg, content: string, method: "PUBLISH" | "CANCEL"): Attachment {
  return { filename: `rodamos-${orderId}-${leg}${method === "CANCEL" ? "-cancelled" : ""}.ics`, content, contentType: calendarContentType(method) };
}

export async function tripFiles(deps: ShopContext, orderId: number, locale: Locale): Promise<TripFiles | undefined> {
  const row = await orderRow(deps, orderId);
  if (!row) return undefined;
  // The date's manifest sheet, shared with the other mails of the same date (an on-sale's): recent-sheet.ts.
  const itinerary = await itineraryOf(deps, row, locale, (eventDateId, provinceId) => manifestSheetWith(deps, eventDateId, provinceId, locale, orderId));
  if (!itinerary) return undefined;
  const files = tripCalendars(orderId, pick(row.translations, locale)?.name ?? "", itinerary, words(locale), deps.now(), timeZoneOf(row.countryCode), { organizer: MAIL_SENDER });
  const attachments = LEGS.filter((leg) => files[leg]).map((leg) => attachment(orderId, leg, files[leg]!, "PUBLISH"));
  return { note: translate(locale, "mail.order.calendar"), attachments };
}

/**
 * One leg's entries as dispatch published them, for the mail that tells the new times: the order's (its buyer) or
 * only the pick-up of `passengerId` (their own mail; coming back, the order's return). None when nothing is booked.
 */
export async function publishedLegFile(deps: ShopContext, orderId: number, leg: Leg, locale: Locale, passengerId?: number): Promise<Attachment | undefined> {
  const row = await orderRow(deps, orderId);
  if (!row) return undefined;
  const itinerary = await itineraryOf(deps, row, locale);
  if (!itinerary) return undefined;
  const own: Itinerary = passengerId === undefined ? itinerary : { ...itinerary, pickups: itinerary.pickups.filter((pickup) => pickup.passengerIds?.includes(passengerId)) };
  const files = tripCalendars(orderId, pick(row.translations, locale)?.name ?? "", own, words(locale), deps.now(), timeZoneOf(row.countryCode), { organizer: MAIL_SENDER });
  return files[leg] ? attachment(orderId, leg, files[leg], "PUBLISH") : undefined;
}

/**
 * The cancellation of calendar entries: the order's whole trip (every passenger's pick-up and the return) when
 * `refundedOrderId` is absent; otherwise the pick-ups of the passengers moved to that refunded order, the return
 * staying for those still booked.
 */
export async function cancelledTripFiles(deps: ShopContext, orderId: number, locale: Locale, refundedOrderId?: number | null, passengerId?: number): Promise<Attachment[]> {
  const row = await orderRow(deps, orderId);
  if (!row) return [];
  const itinerary = await cancelledItinerary(deps, orderId);
  if (!itinerary) return [];
  // One passenger's own entries (their pick-up and the return) are all theirs to remove.
  const whole = !refundedOrderId || passengerId !== undefined;
  const gone = passengerId !== undefined ? [passengerId] : (await gonePassengers(deps, refundedOrderId ?? orderId)).map((one) => one.id);
  const files = cancelledCalendars(orderId, pick(row.translations, locale)?.name ?? "", itinerary, gone, whole, words(locale), deps.now(), timeZoneOf(row.countryCode), MAIL_SENDER);
  return [LEG.outbound, LEG.return].filter((leg) => files[leg]).map((leg) => attachment(orderId, leg, files[leg]!, "CANCEL"));
}

/** The passengers of an order (the cancelled one, or the refunded part split from it). */
function gonePassengers(deps: ShopContext, orderId: number) {
  return deps.db
    .select({ id: passengers.id, name: passengers.name, email: passengers.email })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(passengers.id));
}

/**
 * The passengers of a cancelled order (or its refunded part) who were sent their own calendar entry by a publish
 * (a told pick-up) at an address of their own: each is sent its cancellation.
 */
export async function toldPassengers(deps: ShopContext, orderId: number, skip: string[]): Promise<{ id: number; name: string; email: string }[]> {
  const candidates = await gonePassengers(deps, orderId);
  if (candidates.length === 0) return [];
  const told = await deps.db
    .select({ passengerId: publishedPickups.passengerId })
    .from(publishedPickups)
    .where(and(inArray(publishedPickups.passengerId, candidates.map((one) => one.id)), isNotNull(publishedPickups.toldAt)));
  const lower = new Set(skip.map((email) => email.trim().toLowerCase()));
  return candidates.filter((one) => {
    const email = one.email.trim().toLowerCase();
    return told.some((row) => row.passengerId === one.id) && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && !lower.has(email);
  });
}

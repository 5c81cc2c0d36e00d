/**
 * The two calendar files of an order (outbound and return), from its itinerary: every pick-up of the order at its
 * addresses (one entry each) and the return from the venue, on the event's clock, said confirmed once dispatch
 * published the times and estimated before. `t` gives the words in the buyer's language.
 */
import type { Leg } from "../domain/legs";
import { tripCalendar } from "./ics";

export interface Itinerary {
  venue: string;
  returnAt: string;
  pickups: { address: string; communeName: string; pickupAt: string }[];
  /** Some of the times are dispatch's published ones rather than estimates. */
  published?: boolean;
}

export type LegName = Leg;
type Words = (
  key:
    | "calendar.outbound.summary"
    | "calendar.outbound.description"
    | "calendar.outbound.description_confirmed"
    | "calendar.return.summary"
    | "calendar.return.description"
    | "calendar.return.description_confirmed",
  params: Record<string, string>,
) => string;

/** How long each calendar entry lasts: the ride, roughly. */
const LEG_MINUTES = 60;

export function tripCalendars(orderId: number, eventName: string, itinerary: Itinerary, t: Words, stamp: Date, timeZone: string): Partial<Record<LegName, string>> {
  const files: Partial<Record<LegName, string>> = {};
  const confirmed = itinerary.published === true;
  // Each pick-up once (two passengers at one address and time ride together), soonest first.
  const seen = new Set<string>();
  const pickups = [...itinerary.pickups]
    .sort((a, b) => a.pickupAt.localeCompare(b.pickupAt))
    .filter((pickup) => {
      const key = `${pickup.address}|${pickup.communeName}|${pickup.pickupAt}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  if (pickups.length) {
    files.outbound = tripCalendar({
      timeZone,
      confirmed,
      stamp,
      stops: pickups.map((pickup, index) => {
        const place = [pickup.address, pickup.communeName].filter(Boolean).join(", ");
        return {
          uid: `order-${orderId}-outbound-${index + 1}@rodamos.co`,
          start: new Date(pickup.pickupAt),
          minutes: LEG_MINUTES,
          summary: t("calendar.outbound.summary", { event: eventName }),
          description: t(confirmed ? "calendar.outbound.description_confirmed" : "calendar.outbound.description", { address: place }),
          location: place,
        };
      }),
    });
  }
  files.return = tripCalendar({
    timeZone,
    confirmed,
    stamp,
    stops: [
      {
        uid: `order-${orderId}-return@rodamos.co`,
        start: new Date(itinerary.returnAt),
        minutes: LEG_MINUTES,
        summary: t("calendar.return.summary", { event: eventName }),
        description: t(confirmed ? "calendar.return.description_confirmed" : "calendar.return.description", { venue: itinerary.venue }),
        location: itinerary.venue,
      },
    ],
  });
  return files;
}

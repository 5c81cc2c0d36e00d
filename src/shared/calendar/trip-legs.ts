/**
 * The two calendar files of an order (outbound pick-up and return), from its itinerary: the earliest pick-up at
 * the order's addresses, and the return from the venue. `t` gives the words in the buyer's language.
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
type Words = (key: "calendar.outbound.summary" | "calendar.outbound.description" | "calendar.return.summary" | "calendar.return.description", params: Record<string, string>) => string;

/** How long each calendar entry lasts: the ride, roughly. */
const LEG_MINUTES = 60;

export function tripCalendars(orderId: number, eventName: string, itinerary: Itinerary, t: Words, stamp: Date): Partial<Record<LegName, string>> {
  const files: Partial<Record<LegName, string>> = {};
  const first = [...itinerary.pickups].sort((a, b) => a.pickupAt.localeCompare(b.pickupAt))[0];
  if (first) {
    const place = [first.address, first.communeName].filter(Boolean).join(", ");
    files.outbound = tripCalendar({
      uid: `order-${orderId}-outbound@rodamos.co`,
      start: new Date(first.pickupAt),
      minutes: LEG_MINUTES,
      summary: t("calendar.outbound.summary", { event: eventName }),
      description: t("calendar.outbound.description", { address: place }),
      location: place,
      stamp,
    });
  }
  files.return = tripCalendar({
    uid: `order-${orderId}-return@rodamos.co`,
    start: new Date(itinerary.returnAt),
    minutes: LEG_MINUTES,
    summary: t("calendar.return.summary", { event: eventName }),
    description: t("calendar.return.description", { venue: itinerary.venue }),
    location: itinerary.venue,
    stamp,
  });
  return files;
}

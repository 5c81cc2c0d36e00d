/**
 * The two calendar files of an order (outbound and return), from its itinerary: every pick-up of the order at its
 * addresses (one entry each) and the return from the venue, on the event's clock, said confirmed once dispatch
 * published the times and estimated before. `t` gives the words in the reader's language.
 *
 * Each entry keeps one UID for the life of the order, whatever its time: a pick-up is named by the first of the
 * order's passengers it collects (`order-12-outbound-p34@rodamos.co`), the return by the order. Every file about
 * it (the confirmation's estimate, each publish, a shift, the purchase page, a cancellation) uses that UID with the
 * leg's revision as SEQUENCE, so a calendar that holds the entry moves or removes it instead of adding another.
 */
import { LEG, type Leg } from "../domain/legs";
import { tripCalendar, type TripLeg } from "./ics";

export interface ItineraryPickup {
  address: string;
  communeName: string;
  pickupAt: string;
  /** The order's passengers collected there (the first names the entry); absent in files older than the names. */
  passengerIds?: number[];
}

export interface Itinerary {
  venue: string;
  returnAt: string;
  pickups: ItineraryPickup[];
  /** Some of the times are dispatch's published ones rather than estimates. */
  published?: boolean;
  /** Each leg's revision: the version of its plan as published (0: estimates). */
  sequence?: { outbound: number; return: number };
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

type CancelWords = (key: Parameters<Words>[0] | "calendar.cancelled", params: Record<string, string>) => string;

/** How a mailed file is sent: its method and who sends it (TripLeg). */
export type CalendarOptions = Pick<TripLeg, "method" | "organizer">;

/** How long each calendar entry lasts: the ride, roughly. */
const LEG_MINUTES = 60;

/** The UID of one of the order's pick-ups (named by its first passenger) or of its return. */
export function tripUid(orderId: number, leg: Leg, passengerId?: number): string {
  return leg === LEG.return ? `order-${orderId}-return@rodamos.co` : `order-${orderId}-outbound-p${passengerId}@rodamos.co`;
}

/** The pick-up's UID: by its first passenger; a pick-up without passengers named, by its place in the list. */
function pickupUid(orderId: number, pickup: ItineraryPickup, index: number): string {
  return pickup.passengerIds?.length ? tripUid(orderId, LEG.outbound, Math.min(...pickup.passengerIds)) : `order-${orderId}-outbound-${index + 1}@rodamos.co`;
}

export function tripCalendars(orderId: number, eventName: string, itinerary: Itinerary, t: Words, stamp: Date, timeZone: string, options: CalendarOptions = {}): Partial<Record<LegName, string>> {
  const files: Partial<Record<LegName, string>> = {};
  const confirmed = itinerary.published === true;
  // Each pick-up once (two passengers at one address and time ride together), soonest first.
  const seen = new Set<string>();
  const pickups = [...itinerary.pickups]
    .sort((a, b) => a.pickupAt.localeCompare(b.pickupAt))
    .map((pickup, index) => ({ pickup, uid: pickupUid(orderId, pickup, index) }))
    .filter(({ pickup, uid }) => {
      const key = pickup.passengerIds?.length ? uid : `${pickup.address}|${pickup.communeName}|${pickup.pickupAt}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  if (pickups.length) {
    files.outbound = tripCalendar({
      ...options,
      timeZone,
      confirmed,
      stamp,
      stops: pickups.map(({ pickup, uid }) => {
        const place = [pickup.address, pickup.communeName].filter(Boolean).join(", ");
        return {
          uid,
          start: new Date(pickup.pickupAt),
          minutes: LEG_MINUTES,
          summary: t("calendar.outbound.summary", { event: eventName }),
          description: t(confirmed ? "calendar.outbound.description_confirmed" : "calendar.outbound.description", { address: place }),
          location: place,
          sequence: itinerary.sequence?.outbound ?? 0,
        };
      }),
    });
  }
  files.return = tripCalendar({
    ...options,
    timeZone,
    confirmed,
    stamp,
    stops: [
      {
        uid: tripUid(orderId, LEG.return),
        start: new Date(itinerary.returnAt),
        minutes: LEG_MINUTES,
        summary: t("calendar.return.summary", { event: eventName }),
        description: t(confirmed ? "calendar.return.description_confirmed" : "calendar.return.description", { venue: itinerary.venue }),
        location: itinerary.venue,
        sequence: itinerary.sequence?.return ?? 0,
      },
    ],
  });
  return files;
}

/**
 * The order's entries called off: every pick-up any of `passengerIds` could have named (one may have named none:
 * cancelling a UID a calendar never had changes nothing), and the return unless some of the order still travel.
 * Each at the revision after the leg's last (`sequence` + 1), so it outranks every file sent before.
 */
export function cancelledCalendars(
  orderId: number,
  eventName: string,
  itinerary: Itinerary,
  passengerIds: number[],
  withReturn: boolean,
  t: CancelWords,
  stamp: Date,
  timeZone: string,
  organizer?: TripLeg["organizer"],
): Partial<Record<LegName, string>> {
  const files: Partial<Record<LegName, string>> = {};
  const base = { timeZone, confirmed: false, stamp, method: "CANCEL" as const, organizer };
  const timeOf = (passengerId: number) => itinerary.pickups.find((pickup) => pickup.passengerIds?.includes(passengerId))?.pickupAt ?? itinerary.pickups[0]?.pickupAt ?? itinerary.returnAt;
  if (passengerIds.length) {
    files.outbound = tripCalendar({
      ...base,
      stops: [...new Set(passengerIds)].sort((a, b) => a - b).map((passengerId) => ({
        uid: tripUid(orderId, LEG.outbound, passengerId),
        start: new Date(timeOf(passengerId)),
        minutes: LEG_MINUTES,
        summary: t("calendar.outbound.summary", { event: eventName }),
        description: t("calendar.cancelled", {}),
        location: "",
        sequence: (itinerary.sequence?.outbound ?? 0) + 1,
      })),
    });
  }
  if (withReturn) {
    files.return = tripCalendar({
      ...base,
      stops: [
        {
          uid: tripUid(orderId, LEG.return),
          start: new Date(itinerary.returnAt),
          minutes: LEG_MINUTES,
          summary: t("calendar.return.summary", { event: eventName }),
          description: t("calendar.cancelled", {}),
          location: itinerary.venue,
          sequence: (itinerary.sequence?.return ?? 0) + 1,
        },
      ],
    });
  }
  return files;
}

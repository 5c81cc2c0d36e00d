/**
 * "The van is arriving": passengers get a mobile message just before the van arrives. Staff mark a stop as the van's next; each paid passenger of that stop is texted in the buyer's
 * language with the minutes left, the event and the meeting point (the stop going out, the venue coming
 * back). A `vehicle_notices` row per passenger and leg, written before the text goes out, makes sure nobody is told
 * twice on one leg however often the button is pressed; a text the provider refuses frees the row again.
 */
import { LEG } from "../../../shared/domain/legs";
import { and, eq } from "drizzle-orm";
import { toE164 } from "../../../shared/format/phone-number";
import { PHONE_COUNTRIES, type PhoneCountry } from "../../../shared/format/phone-metadata";
import { translate } from "../../../shared/i18n";
import { ShopError } from "../../../shared/domain/shop-error";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/locales";
import type { NextStopAnswer } from "../../../shared/schemas/answers/staff-day";
import type { NextStop } from "../../../shared/schemas/staff";
import { vehicleNotices } from "../../db/schema";
import type { ShopContext } from "../../context";
import { pick } from "../catalogue/rows";
import { manifestSheet, type ManifestPassenger } from "./manifest-sheet";
import { MANIFEST_PAYMENT } from "../../../shared/domain/dispatch";

export interface VehicleArriving {
  to: string;
  locale: Locale;
  minutes: number;
  event: string;
  meetingPoint: string;
}

/** The one place the text is written and sent. */
export async function sendVehicleArriving(deps: ShopContext, notice: VehicleArriving): Promise<void> {
  const body = translate(notice.locale, "sms.vehicle_arriving", { minutes: notice.minutes, address: notice.meetingPoint, event: notice.event });
  await deps.sms.send({ to: notice.to, body });
}

export async function announceNextStop(deps: ShopContext, staffId: number, request: NextStop, staffLocale: Locale): Promise<NextStopAnswer> {
  const sheet = await manifestSheet(deps, request.eventDateId, request.provinceId, staffLocale);
  const stops = sheet.loads.flatMap((load) => load.stops).filter((stop) => stop.key === request.stop);
  if (stops.length === 0) throw new ShopError("not_found");
  // Passengers' numbers without a + are read as numbers of the event's country.
  const country: PhoneCountry = (PHONE_COUNTRIES as readonly string[]).includes(sheet.event.countryCode) ? (sheet.event.countryCode as PhoneCountry) : "CO";
  const answer: NextStopAnswer = { notified: 0, alreadyNotified: 0, unreachable: 0 };
  const paidPassengers: ManifestPassenger[] = stops.flatMap((stop) => stop.passengers).filter((passenger) => passenger.payment === MANIFEST_PAYMENT.paid);
  for (const passenger of paidPassengers) {
    const to = toE164(passenger.phone, { country, anyCountry: true });
    if (!to) {
      answer.unreachable += 1;
      continue;
    }
    const [claimed] = await deps.db
      .insert(vehicleNotices)
      .values({ passengerId: passenger.id, leg: request.leg, staffId, phone: to })
      .onConflictDoNothing()
      .returning({ id: vehicleNotices.id });
    if (!claimed) {
      answer.alreadyNotified += 1;
      continue;
    }
    const locale = isLocale(passenger.locale) ? passenger.locale : DEFAULT_LOCALE;
    try {
      await sendVehicleArriving(deps, {
        to,
        locale,
        minutes: request.minutes,
        event: pick(sheet.event.translations, locale)?.name ?? sheet.event.name,
        meetingPoint: request.leg === LEG.outbound ? stops[0]!.address : sheet.event.venue,
      });
      answer.notified += 1;
    } catch (error) {
      console.error(`passenger ${passenger.id}: the van-arriving text could not be sent:`, error);
      await deps.db.delete(vehicleNotices).where(and(eq(vehicleNotices.id, claimed.id)));
      answer.unreachable += 1;
    }
  }
  return answer;
}

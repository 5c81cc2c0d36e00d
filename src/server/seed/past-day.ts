/**
 * The demo's day that already happened: a date of Expoartesanías yesterday, six passengers in two vans with their
 * published plans both ways, driven by a driver of that day (not the demo's driver account, whose phone shows
 * today's runs), the vans' positions replayed deterministically every 30 s, the boardings, one
 * no-show (Pedro Ríos, going out and back), and the passengers' ratings, one of them a 2 with a comment. The van
 * of Suba reaches its stop and the venue 12 minutes late; the other runs to time. A newcomer opens
 * /staff/day-report and finds it filled. Demo only (seedIfEmpty). Not Jazz al Parque nor the Festival, whose
 * dates the staff's seat-pool and dispatch screens open first: a date already gone would come before them.
 */
import { and, asc, eq } from "drizzle-orm";
import { BOARDED, PASSENGER_STATE } from "../../shared/domain/dispatch";
import { LEG, type Leg } from "../../shared/domain/legs";
import { ORDER_STATE } from "../../shared/domain/order-states";
import { PAYMENT_CODE } from "../../shared/domain/payment-codes";
import { PAYMENT_STATE } from "../../shared/domain/payment-states";
import { ROLE } from "../../shared/domain/roles";
import type { Db } from "../db/client";
import {
  addressLines,
  categories,
  boardings,
  counties,
  dispatchPlans,
  dispatchRuns,
  dispatchStopPassengers,
  dispatchStops,
  eventDates,
  events,
  orders,
  passengers,
  payments,
  productVariants,
  provinces,
  rideRatings,
  runBoardings,
  tickets,
  users,
  vehiclePositions,
  vehicles,
} from "../db/schema";

const MINUTE = 60_000;
/** The event whose yesterday the demo replays. */
export const PAST_DAY_EVENT = "expoartesanias-corferias";
/** The driver who drove it: an account that cannot sign in (no password), so no one's phone lists yesterday's runs. */
const PAST_DAY_DRIVER = { email: "conductor.dia.pasado@demo.rodamos.co", firstName: "Hernán", lastName: "Castillo" };
const VENUE = { lat: 4.6584, lon: -74.0937 };

interface PastPassenger {
  name: string;
  rating?: { score: number; comment?: string };
  noShow?: boolean;
}
interface PastStop {
  county: string;
  address: string;
  lat: number;
  lon: number;
  passengers: PastPassenger[];
  /** Minutes after the run's departure: published, and when the van really came. */
  published: number;
  actual: number;
}
interface PastRun {
  plate: string;
  stops: PastStop[];
  venuePublished: number;
  venueActual: number;
}

const RUNS: PastRun[] = [
  {
    plate: "DEMO-101",
    venuePublished: 50,
    venueActual: 49,
    stops: [
      { county: "Usaquén", address: "Calle 127 # 15-20", lat: 4.7021, lon: -74.0416, published: 0, actual: 1, passengers: [{ name: "Marta Quintero", rating: { score: 5 } }, { name: "Luis Quintero", rating: { score: 4 } }, { name: "Inés Duarte" }] },
      { county: "Chapinero", address: "Calle 63 # 9-45", lat: 4.6485, lon: -74.0631, published: 20, actual: 21, passengers: [{ name: "Pedro Ríos", noShow: true }] },
    ],
  },
  {
    plate: "DEMO-202",
    venuePublished: 45,
    venueActual: 57,
    stops: [
      {
        county: "Suba",
        address: "Calle 145 # 91-19",
        lat: 4.7412,
        lon: -74.0843,
        published: 10,
        actual: 22,
        passengers: [{ name: "Gloria Méndez", rating: { score: 2, comment: "El vehículo llegó 12 minutos tarde y nadie nos avisó." } }, { name: "Raúl Méndez", rating: { score: 3 } }],
      },
    ],
  },
];

const emailOf = (name: string) => `${name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z]+/g, ".")}@demo.rodamos.co`;

/** Fixes every 30 s along straight lines between the waypoints (minutes after `base`). */
function track(base: number, points: { lat: number; lon: number; at: number }[]) {
  const fixes: { lat: number; lon: number; at: Date }[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [from, to] = [points[i]!, points[i + 1]!];
    for (let t = from.at; t < to.at; t += 0.5) {
      const share = (t - from.at) / (to.at - from.at);
      fixes.push({ lat: from.lat + (to.lat - from.lat) * share, lon: from.lon + (to.lon - from.lon) * share, at: new Date(base + t * MINUTE) });
    }
  }
  const last = points[points.length - 1]!;
  fixes.push({ lat: last.lat, lon: last.lon, at: new Date(base + last.at * MINUTE) });
  return fixes;
}

export async function seedPastDay(db: Db, now: Date) {
  const [event] = await db.select({ id: events.id, placeId: events.placeId }).from(events).where(eq(events.slug, PAST_DAY_EVENT));
  const [bogota] = await db.select({ id: provinces.id }).from(provinces).where(and(eq(provinces.countryCode, "CO"), eq(provinces.name, "Bogotá D.C.")));
  if (!event || !bogota) return;
  const [variant] = await db
    .select({ id: productVariants.id, price: productVariants.price })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(and(eq(categories.eventId, event.id), eq(productVariants.provinceId, bogota.id)))
    .orderBy(asc(productVariants.capacity), asc(productVariants.id))
    .limit(1);
  const [driver] = await db
    .insert(users)
    .values({ ...PAST_DAY_DRIVER, passwordHash: "!", phoneNumber: "573007770999", countryCode: "CO", localeCode: "es_CO", verifiedAt: now, role: ROLE.driver })
    .returning({ id: users.id });
  if (!variant) return;
  const countyRows = await db.select({ id: counties.id, name: counties.name }).from(counties).where(eq(counties.provinceId, bogota.id));

  // Yesterday at 18:00 in Bogotá (23:00 UTC), four hours long.
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 23, 0);
  const [date] = await db.insert(eventDates).values({ eventId: event.id, startDate: new Date(start), endDate: new Date(start + 4 * 60 * MINUTE) }).returning({ id: eventDates.id });
  const out = start - 90 * MINUTE;
  const back = start + 4 * 60 * MINUTE;
  const plans = {} as Record<Leg, number>;
  for (const leg of [LEG.outbound, LEG.return]) {
    const [plan] = await db.insert(dispatchPlans).values({ eventDateId: date!.id, leg, publishedVersion: 1, publishedAt: new Date(out - 24 * 60 * MINUTE) }).returning({ id: dispatchPlans.id });
    plans[leg] = plan!.id;
  }

  let person = 0;
  for (const [index, run] of RUNS.entries()) {
    // Yesterday's vans are kept out of the active fleet, so today's demo plans are made with the fleet they always had.
    const [vehicle] = await db.insert(vehicles).values({ plate: run.plate, label: `Van ${index + 1} del día pasado`, seats: 8, kind: "van", provinceId: bogota.id, active: false }).returning({ id: vehicles.id });
    const seated: { passengerId: number; orderId: number; sample: PastPassenger; stop: number }[] = [];
    for (const [stopIndex, stop] of run.stops.entries()) {
      const countyId = countyRows.find((county) => county.name === stop.county)?.id ?? countyRows[0]!.id;
      for (const sample of stop.passengers) {
        person += 1;
        const [buyer] = await db
          .insert(users)
          .values({ email: emailOf(sample.name), passwordHash: "!", firstName: sample.name.split(" ")[0]!, lastName: sample.name.split(" ").slice(1).join(" "), phoneNumber: `57300777${String(1000 + person).slice(-4)}`, countryCode: "CO", localeCode: "es_CO", verifiedAt: new Date(out - 7 * 24 * 60 * MINUTE), role: ROLE.customer })
          .returning({ id: users.id });
        const [order] = await db
          .insert(orders)
          .values({ userId: buyer!.id, eventId: event.id, eventDateId: date!.id, provinceId: bogota.id, paymentCode: PAYMENT_CODE.mercadopago, state: ORDER_STATE.paid, currency: "COP", subtotal: variant.price, total: variant.price, paidAt: new Date(out - 7 * 24 * 60 * MINUTE) })
          .returning({ id: orders.id });
        await db.insert(payments).values({ orderId: order!.id, method: PAYMENT_CODE.mercadopago, state: PAYMENT_STATE.approved, amount: variant.price });
        const [ticket] = await db.insert(tickets).values({ orderId: order!.id, productVariantId: variant.id, price: variant.price, placeId: event.placeId }).returning({ id: tickets.id });
        await db.insert(addressLines).values({ ticketId: ticket!.id, address: stop.address, countyId });
        const [passenger] = await db.insert(passengers).values({ ticketId: ticket!.id, name: sample.name, email: emailOf(sample.name), phone: `57300777${String(1000 + person).slice(-4)}`, passengerAddress: stop.address }).returning({ id: passengers.id });
        seated.push({ passengerId: passenger!.id, orderId: order!.id, sample, stop: stopIndex });
      }
    }

    for (const leg of [LEG.outbound, LEG.return]) {
      const outbound = leg === LEG.outbound;
      const base = outbound ? out : back;
      // Coming back the van leaves the venue a few minutes after the end and drops in the same order, 25 min on.
      const stopTimes = run.stops.map((stop) => (outbound ? { published: stop.published, actual: stop.actual } : { published: 25 + stop.published, actual: 26 + stop.published }));
      const lastDrop = stopTimes[stopTimes.length - 1]!;
      const [made] = await db
        .insert(dispatchRuns)
        .values({
          planId: plans[leg],
          position: index,
          vehicleId: vehicle!.id,
          driverId: driver?.id ?? null,
          seatsNeeded: seated.length,
          capacity: 8,
          departsAt: new Date(base + (outbound ? stopTimes[0]!.published : 0) * MINUTE),
          arrivesAt: new Date(base + (outbound ? run.venuePublished : lastDrop.published) * MINUTE),
        })
        .returning({ id: dispatchRuns.id });
      for (const [stopIndex, stop] of run.stops.entries()) {
        const [row] = await db
          .insert(dispatchStops)
          .values({ runId: made!.id, position: stopIndex, address: stop.address, countyId: countyRows.find((county) => county.name === stop.county)?.id ?? null, lat: stop.lat, lon: stop.lon, approximate: false, time: new Date(base + stopTimes[stopIndex]!.published * MINUTE) })
          .returning({ id: dispatchStops.id });
        const here = seated.filter((one) => one.stop === stopIndex);
        if (here.length) await db.insert(dispatchStopPassengers).values(here.map((one) => ({ planId: plans[leg], stopId: row!.id, passengerId: one.passengerId, groupId: `past-${one.passengerId}` })));
      }
      const stopsWay = run.stops.map((stop, stopIndex) => [
        { lat: stop.lat, lon: stop.lon, at: stopTimes[stopIndex]!.actual },
        { lat: stop.lat, lon: stop.lon, at: stopTimes[stopIndex]!.actual + 2 },
      ]);
      const first = run.stops[0]!;
      const waypoints = outbound
        ? [{ lat: first.lat + 0.02, lon: first.lon + 0.01, at: stopTimes[0]!.actual - 12 }, ...stopsWay.flat(), { ...VENUE, at: run.venueActual }, { ...VENUE, at: run.venueActual + 3 }]
        : [{ ...VENUE, at: 0 }, { ...VENUE, at: 3 }, ...stopsWay.flat(), { lat: run.stops[run.stops.length - 1]!.lat + 0.01, lon: run.stops[run.stops.length - 1]!.lon, at: lastDrop.actual + 8 }];
      if (driver) {
        const fixes = track(base, waypoints);
        for (let i = 0; i < fixes.length; i += 500) await db.insert(vehiclePositions).values(fixes.slice(i, i + 500).map((fix) => ({ runId: made!.id, driverUserId: driver.id, lat: fix.lat, lon: fix.lon, accuracyM: 10, at: fix.at, receivedAt: fix.at })));
      }
      for (const one of seated) {
        const at = new Date(base + stopTimes[one.stop]!.actual * MINUTE);
        if (one.sample.noShow) await db.insert(runBoardings).values({ passengerId: one.passengerId, leg, state: PASSENGER_STATE.noShow, driverId: driver?.id ?? null, at: new Date(at.getTime() + 4 * MINUTE), nonce: `past-no-show-${one.passengerId}-${leg}` });
        else await db.insert(boardings).values({ orderId: one.orderId, passengerId: one.passengerId, leg, staffId: driver?.id ?? null, boardedBy: BOARDED.driver, nonce: `past-${one.passengerId}-${leg}`, createdAt: at });
      }
      if (!outbound) {
        for (const rated of seated.filter((one) => one.sample.rating)) {
          const invitedAt = new Date(base + (lastDrop.actual + 31) * MINUTE);
          await db.insert(rideRatings).values({ passengerId: rated.passengerId, eventDateId: date!.id, runId: made!.id, driverId: driver?.id ?? null, invitedAt, score: rated.sample.rating!.score, comment: rated.sample.rating!.comment ?? null, ratedAt: new Date(invitedAt.getTime() + 20 * MINUTE) });
        }
      }
    }
  }
}

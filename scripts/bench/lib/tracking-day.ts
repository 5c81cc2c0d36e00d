/**
 * The event day `npm run bench:tracking` plays: on the demo's Festival date, V published outbound runs under way
 * now, each with its own driver and van and W / V paid passengers over five stops around Bogotá (one passenger per
 * order), written straight into the tables the dispatch board's publication writes (plan, runs, stops, riders,
 * published pick-ups). Answers what the load needs: each run's driver session token and first stop, and each
 * passenger's tracking token, signed with the shop's JWT_SECRET as the shop signs them.
 */
import { and, eq, sql } from "drizzle-orm";
import { createSigner } from "../../../src/server/auth/signer";
import { signSessionToken } from "../../../src/server/auth/session-tokens";
import type { Db } from "../../../src/server/db/client";
import {
  addressLines,
  categories,
  counties,
  dispatchPlans,
  dispatchRuns,
  dispatchStopPassengers,
  dispatchStops,
  eventDates,
  events,
  orders,
  passengers,
  productVariants,
  publishedPickups,
  tickets,
  users,
  vehicles,
} from "../../../src/server/db/schema";
import { trackingToken } from "../../../src/server/services/notices/tracking-link";
import { PAYMENT_CODE } from "../../../src/shared/domain/payment-codes";

export interface TrackingDay {
  runs: { runId: number; driverToken: string; lat: number; lon: number }[];
  pages: { runId: number; token: string }[];
}

const STOPS_PER_RUN = 5;
const FESTIVAL = "festival-sonidos-de-la-sabana";
const CHUNK = 500;

async function inChunks<T, R>(rows: T[], write: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let at = 0; at < rows.length; at += CHUNK) out.push(...(await write(rows.slice(at, at + CHUNK))));
  return out;
}

export async function seedTrackingDay(db: Db, options: { vehicleCount: number; pages: number; secret: string; now: Date }): Promise<TrackingDay> {
  const { vehicleCount, pages, now } = options;
  const [event] = await db.select().from(events).where(eq(events.slug, FESTIVAL)).limit(1);
  if (!event) throw new Error(`the demo has no ${FESTIVAL}`);
  const [date] = await db.select().from(eventDates).where(eq(eventDates.eventId, event.id)).limit(1);
  const [variant] = await db
    .select({ id: productVariants.id, provinceId: productVariants.provinceId, price: productVariants.price })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(eq(categories.eventId, event.id))
    .limit(1);
  if (!date || !variant) throw new Error(`${FESTIVAL} has no date or no variant`);
  const countyRows = await db.select({ id: counties.id, lat: counties.lat, lon: counties.lon }).from(counties).where(eq(counties.provinceId, variant.provinceId));
  const placed = countyRows.filter((county) => county.lat !== null && county.lon !== null);
  const county = placed[0] ?? { id: countyRows[0]!.id, lat: 4.65, lon: -74.08 };
  await db.delete(dispatchPlans).where(and(eq(dispatchPlans.eventDateId, date.id), eq(dispatchPlans.leg, "outbound")));

  const stamp = now.getTime().toString(36);
  const drivers = await inChunks(
    Array.from({ length: vehicleCount }, (_, index) => ({
      email: `bench-driver-${stamp}-${index}@example.com`,
      passwordHash: "-",
      firstName: `Conductor${index}`,
      lastName: "Banco",
      phoneNumber: `300 900 ${String(index).padStart(4, "0")}`,
      countryCode: "CO",
      localeCode: "es_CO",
      role: "driver" as const,
      verifiedAt: options.now,
    })),
    (chunk) => db.insert(users).values(chunk).returning({ id: users.id }),
  );
  const [buyer] = await db
    .insert(users)
    .values({ email: `bench-buyer-${stamp}@example.com`, passwordHash: "-", firstName: "Comprador", lastName: "Banco", phoneNumber: "300 900 9999", countryCode: "CO", localeCode: "es_CO" })
    .returning({ id: users.id });
  const vehicleRows = await inChunks(
    Array.from({ length: vehicleCount }, (_, index) => ({ plate: `BN${stamp.slice(-3).toUpperCase()}${index}`, label: `Van ${index + 1}`, seats: 40, kind: "bus" as const, provinceId: variant.provinceId })),
    (chunk) => db.insert(vehicles).values(chunk).returning({ id: vehicles.id }),
  );

  // One paid order, ticket and passenger per listening page: the date's stock and van seats grown to hold them.
  await db.execute(sql`update product_variants set stock = stock + ${pages} where id = ${variant.id}`);
  await db.execute(sql`update seat_counts set stock = stock + ${pages} where product_variant_id = ${variant.id} and event_date_id = ${date.id} and stock is not null`);
  await db.execute(sql`update seat_pools set seats = seats + ${pages} where event_date_id = ${date.id}`);
  const orderIds = await inChunks(
    Array.from({ length: pages }, () => ({
      userId: buyer!.id,
      eventId: event.id,
      eventDateId: date.id,
      provinceId: variant.provinceId,
      paymentCode: PAYMENT_CODE.transferencia,
      state: "paid" as const,
      currency: "COP",
      subtotal: variant.price,
      total: variant.price,
      paidAt: now,
    })),
    (chunk) => db.insert(orders).values(chunk).returning({ id: orders.id }),
  );
  const ticketIds = await inChunks(
    orderIds.map((order) => ({ orderId: order.id, productVariantId: variant.id, price: variant.price, placeId: event.placeId })),
    (chunk) => db.insert(tickets).values(chunk).returning({ id: tickets.id }),
  );
  const address = (index: number) => `Calle ${20 + (index % 150)} # ${index % 90}-${index % 70}`;
  await inChunks(
    ticketIds.map((ticket, index) => ({ ticketId: ticket.id, address: address(index), countyId: county.id })),
    (chunk) => db.insert(addressLines).values(chunk).returning({ id: addressLines.id }),
  );
  const passengerIds = await inChunks(
    ticketIds.map((ticket, index) => ({ ticketId: ticket.id, name: `Pasajera ${index}`, email: "pasajera@example.com", phone: `301 ${String(index).padStart(7, "0")}`, passengerAddress: address(index) })),
    (chunk) => db.insert(passengers).values(chunk).returning({ id: passengers.id }),
  );

  const [plan] = await db.insert(dispatchPlans).values({ eventDateId: date.id, leg: "outbound", version: 1, publishedVersion: 1, publishedAt: now, updatedAt: now }).returning({ id: dispatchPlans.id });
  // Under way: left half an hour ago, at the venue in three hours; stops from ten minutes to two hours away.
  const runRows = await inChunks(
    drivers.map((driver, index) => ({
      planId: plan!.id,
      position: index,
      vehicleId: vehicleRows[index]!.id,
      driverId: driver.id,
      seatsNeeded: Math.ceil(pages / vehicleCount),
      capacity: 40,
      departsAt: new Date(now.getTime() - 30 * 60_000),
      arrivesAt: new Date(now.getTime() + 3 * 3_600_000),
    })),
    (chunk) => db.insert(dispatchRuns).values(chunk).returning({ id: dispatchRuns.id }),
  );
  const spot = (run: number, stop: number) => ({ lat: county.lat! + ((run % 20) - 10) * 0.004 + stop * 0.01, lon: county.lon! + (Math.floor(run / 20) - 5) * 0.004 });
  const stopRows = await inChunks(
    runRows.flatMap((run, r) =>
      Array.from({ length: STOPS_PER_RUN }, (_, s) => ({
        runId: run.id,
        position: s,
        address: `Parada ${r}-${s}`,
        countyId: county.id,
        ...spot(r, s),
        approximate: false,
        time: new Date(now.getTime() + (10 + s * 25) * 60_000),
      })),
    ),
    (chunk) => db.insert(dispatchStops).values(chunk).returning({ id: dispatchStops.id, runId: dispatchStops.runId, time: dispatchStops.time, address: dispatchStops.address }),
  );
  // Passengers dealt to runs in turn, and within a run to its stops in turn.
  const seatOf = passengerIds.map((passenger, index) => {
    const run = index % vehicleCount;
    const stop = stopRows[run * STOPS_PER_RUN + (Math.floor(index / vehicleCount) % STOPS_PER_RUN)]!;
    return { passengerId: passenger.id, run, stop };
  });
  await inChunks(
    seatOf.map((seat) => ({ planId: plan!.id, stopId: seat.stop.id, passengerId: seat.passengerId, groupId: `t${seat.passengerId}` })),
    (chunk) => db.insert(dispatchStopPassengers).values(chunk).returning({ passengerId: dispatchStopPassengers.passengerId }),
  );
  await inChunks(
    seatOf.map((seat) => ({
      passengerId: seat.passengerId,
      leg: "outbound" as const,
      eventDateId: date.id,
      planVersion: 1,
      runId: runRows[seat.run]!.id,
      vehicleId: vehicleRows[seat.run]!.id,
      time: seat.stop.time,
      departsAt: new Date(now.getTime() - 30 * 60_000),
      address: seat.stop.address,
      countyId: county.id,
      toldTime: seat.stop.time,
      toldVehicleId: vehicleRows[seat.run]!.id,
      toldAt: now,
    })),
    (chunk) => db.insert(publishedPickups).values(chunk).returning({ passengerId: publishedPickups.passengerId }),
  );

  const key = new TextEncoder().encode(options.secret);
  const signer = createSigner(key);
  const runs: TrackingDay["runs"] = [];
  for (const [index, run] of runRows.entries()) {
    const { token } = await signSessionToken(key, { userId: drivers[index]!.id, role: "driver", tokenVersion: 0 }, now, 6 * 3600);
    // The van starts some 3 km south of its first stop.
    const first = spot(index, 0);
    runs.push({ runId: run.id, driverToken: token, lat: first.lat - 0.027, lon: first.lon });
  }
  return { runs, pages: seatOf.map((seat) => ({ runId: runRows[seat.run]!.id, token: trackingToken(signer, seat.passengerId) })) };
}

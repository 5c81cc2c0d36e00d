/**
 * A small day whose report is known by hand: three paid passengers of the Festival, one van going out and coming
 * back, positions written as a phone would have sent them, the driver's taps and boardings.
 *
 * Going out (published first stop at T): the van drives north along longitude -74.05 from 4.69 to 4.75 (the venue).
 * - Stop 1 (4.700, -74.050), published T: first fix within 100 m at T+7 (4.6995, 56 m): 7 min late.
 * - Stop 2 (4.710, -74.048), published T+20: the road passes 221 m away, never within 100 m; the driver tapped
 *   "at the stop" at T+21: 1 min late, on time.
 * - The van reaches the venue (its last fix) at T+60, published T+55: 5 min late.
 * Ana boarded at stop 1 (the driver's phone), Beto at stop 1 (the door's scan), Carla at stop 2 did not come, nor
 * back. Coming back (departs R): parked at the venue until R+4, drives south, first fix
 * within 100 m of the drop-off (published R+30) at R+29: 1 min early, on time; goes on empty to 4.695 at R+35.
 */
import { eq } from "drizzle-orm";
import { boardings, dispatchPlans, dispatchRuns, dispatchStopPassengers, dispatchStops, driverActions, passengers, runBoardings, tickets, vehiclePositions, vehicles } from "../../src/server/db/schema";
import { runsSetting } from "./runs";
import type { TestShop } from "./test-shop";

const MINUTE = 60_000;
const LON = -74.05;

export async function handMadeDay(shop: TestShop) {
  const setting = await runsSetting(shop);
  const county = setting.counties[0]!;
  const people = {} as Record<"ana" | "beto" | "carla", { passengerId: number; orderId: number; buyerId: number }>;
  for (const key of ["ana", "beto", "carla"] as const) {
    const { orderId, buyer } = await setting.book({ address: `Calle ${key} # 1-2`, countyId: county.id, name: `${key[0]!.toUpperCase()}${key.slice(1)} Prueba` });
    const [row] = await shop.db.select({ id: passengers.id }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(eq(tickets.orderId, orderId));
    people[key] = { passengerId: row!.id, orderId, buyerId: buyer.id };
  }
  const driver = await shop.buyer("driver");
  const [vehicle] = await shop.db.insert(vehicles).values({ plate: `DAY${Date.now() % 1000}`, label: "Van del día", seats: 10, kind: "van", provinceId: setting.provinceId }).returning();
  const start = new Date(setting.festival.dates.find((one) => one.id === setting.eventDateId)!.startDate).getTime();
  const T = start - 90 * MINUTE;
  const R = start + 4 * 60 * MINUTE;
  const at = (base: number, minutes: number) => new Date(base + minutes * MINUTE);

  async function run(leg: "outbound" | "return", departsAt: Date, arrivesAt: Date, stops: { lat: number; lon: number; time: Date; passengers: number[] }[]) {
    const [plan] = await shop.db.insert(dispatchPlans).values({ eventDateId: setting.eventDateId, leg, publishedVersion: 1, publishedAt: at(T, -24 * 60) }).returning();
    const [made] = await shop.db
      .insert(dispatchRuns)
      .values({ planId: plan!.id, position: 0, vehicleId: vehicle!.id, driverId: driver.id, seatsNeeded: 3, capacity: 10, departsAt, arrivesAt })
      .returning();
    for (const [position, stop] of stops.entries()) {
      const [row] = await shop.db
        .insert(dispatchStops)
        .values({ runId: made!.id, position, address: `Parada ${position + 1}`, countyId: county.id, lat: stop.lat, lon: stop.lon, approximate: false, time: stop.time })
        .returning();
      for (const passengerId of stop.passengers) await shop.db.insert(dispatchStopPassengers).values({ planId: plan!.id, stopId: row!.id, passengerId, groupId: `g${passengerId}` });
    }
    return made!.id;
  }
  const { ana, beto, carla } = people;
  const outbound = await run("outbound", at(T, 0), at(T, 55), [
    { lat: 4.7, lon: LON, time: at(T, 0), passengers: [ana.passengerId, beto.passengerId] },
    { lat: 4.71, lon: -74.048, time: at(T, 20), passengers: [carla.passengerId] },
  ]);
  const back = await run("return", at(R, 0), at(R, 30), [{ lat: 4.7, lon: LON, time: at(R, 30), passengers: [ana.passengerId, beto.passengerId, carla.passengerId] }]);

  const fixes = (runId: number, base: number, track: [number, number][]) =>
    shop.db.insert(vehiclePositions).values(track.map(([minutes, lat]) => ({ runId, driverUserId: driver.id, lat, lon: LON, accuracyM: 8, at: at(base, minutes) })));
  await fixes(outbound, T, [
    [0, 4.69],
    [5, 4.695],
    [7, 4.6995],
    [9, 4.7],
    [21, 4.708],
    [30, 4.72],
    [60, 4.75],
    [62, 4.75],
  ]);
  await fixes(back, R, [
    [0, 4.75],
    [4, 4.75],
    [5, 4.74],
    [29, 4.7005],
    [30, 4.7],
    [35, 4.695],
  ]);
  await shop.db.insert(driverActions).values([
    { nonce: `day-tap-${outbound}-1`, driverId: driver.id, runId: outbound, action: "arrived", stopPosition: 1, happenedAt: at(T, 21) },
    // A second tap at the same stop later: the first one counts.
    { nonce: `day-tap-${outbound}-1b`, driverId: driver.id, runId: outbound, action: "arrived", stopPosition: 1, happenedAt: at(T, 26) },
  ]);
  // Boardings are check-ins (the driver's phone or the door); a no-show is the driver's mark.
  const board = (passengerId: number, orderId: number, leg: "outbound" | "return", boardedBy: "driver" | "door") =>
    shop.db.insert(boardings).values({ orderId, passengerId, leg, boardedBy, staffId: boardedBy === "driver" ? driver.id : null, nonce: `day-${passengerId}-${leg}` });
  const noShow = (passengerId: number, leg: "outbound" | "return", minutes: number) =>
    shop.db.insert(runBoardings).values({ passengerId, leg, state: "no_show", driverId: driver.id, at: at(leg === "outbound" ? T : R, minutes), nonce: `day-no-${passengerId}-${leg}` });
  await board(ana.passengerId, ana.orderId, "outbound", "driver");
  await board(beto.passengerId, beto.orderId, "outbound", "door");
  await noShow(carla.passengerId, "outbound", 25);
  await board(ana.passengerId, ana.orderId, "return", "driver");
  await board(beto.passengerId, beto.orderId, "return", "driver");
  await noShow(carla.passengerId, "return", 4);

  return { setting, people, driver, vehicle: vehicle!, runs: { outbound, back }, T, R, at, eventDateId: setting.eventDateId };
}

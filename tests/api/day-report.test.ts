/**
 * How the day went, on a small hand-made day whose answers are known (tests/helpers/hand-made-day.ts): a stop
 * reached 7 minutes late is late, a stop the van never came within 100 m of falls back to the driver's tap, the
 * door's and the driver's boardings both count, a passenger who missed both legs is one no-show, and the km, minutes and CO2
 * follow from the positions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { read as readWorkbook } from "@e965/xlsx";
import type { DayReport, DaysList } from "../../src/shared/schemas/answers/day-report";
import { and, eq, gte } from "drizzle-orm";
import { rideRatings, vehiclePositions } from "../../src/server/db/schema";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { handMadeDay } from "../helpers/hand-made-day";

let shop: TestShop;
let day: Awaited<ReturnType<typeof handMadeDay>>;
let staff: { token: string };
let report: DayReport;
const KM_PER_DEGREE = (6_371_000 * Math.PI) / 180 / 1000;

beforeAll(async () => {
  shop = await openTestShop();
  day = await handMadeDay(shop);
  staff = { token: (await shop.buyer("staff")).token };
  const { ana, beto } = day.people;
  await shop.db.insert(rideRatings).values([
    { passengerId: ana.passengerId, eventDateId: day.eventDateId, runId: day.runs.back, driverId: day.driver.id, invitedAt: day.at(day.R, 40), score: 2, comment: "Llegó tarde", ratedAt: day.at(day.R, 60) },
    { passengerId: beto.passengerId, eventDateId: day.eventDateId, runId: day.runs.back, driverId: day.driver.id, invitedAt: day.at(day.R, 40), score: 5, ratedAt: day.at(day.R, 70) },
  ]);
  const answer = await shop.call<DayReport>("GET", `/shop-api/staff/reports/days/${day.eventDateId}`, undefined, staff);
  expect(answer.status).toBe(200);
  report = answer.body.data;
});
afterAll(async () => {
  await shop?.close();
});

describe("the day's punctuality", () => {
  it("takes the first position within 100 m, else the driver's tap, and sorts stops early, on time and late", () => {
    const out = report.runs.find((run) => run.leg === "outbound")!;
    expect(out.stops.map((stop) => [stop.source, stop.lateMinutes, stop.punctuality])).toEqual([
      ["tracked", 7, "late"],
      ["tapped", 1, "on_time"],
    ]);
    expect(out.stops[0]!.actualAt).toBe(day.at(day.T, 7).toISOString());
    expect(out.lateMinutes).toEqual({ p50: 4, p90: 6.4, max: 7 });
    expect(out.onTimeShare).toBe(0.5);
    expect(out.venue).toEqual({ publishedAt: day.at(day.T, 55).toISOString(), actualAt: day.at(day.T, 60).toISOString(), lateMinutes: 5 });
    const back = report.runs.find((run) => run.leg === "return")!;
    expect(back.stops.map((stop) => [stop.source, stop.lateMinutes, stop.punctuality])).toEqual([["tracked", -1, "on_time"]]);
    expect(back.venue.lateMinutes).toBe(4);
    expect(report.totals).toMatchObject({ stops: 3, stopsMeasured: 3, early: 0, onTime: 2, late: 1, onTimeShare: 0.667 });
    expect(report.legs).toEqual([
      { leg: "outbound", stops: 2, stopsMeasured: 2, onTimeShare: 0.5 },
      { leg: "return", stops: 1, stopsMeasured: 1, onTimeShare: 1 },
    ]);
  });
});

describe("the day's tracks on the map", () => {
  it("gives each run its path in time order and each stop its place", () => {
    const out = report.runs.find((run) => run.leg === "outbound")!;
    // Eight fixes going out, all kept: fewer than the map's budget.
    expect(out.track.map((point) => point.lat)).toEqual([4.69, 4.695, 4.6995, 4.7, 4.708, 4.72, 4.75, 4.75]);
    expect(out.track.every((point) => point.lon === -74.05)).toBe(true);
    expect(out.stops.map((stop) => [stop.lat, stop.lon])).toEqual([
      [4.7, -74.05],
      [4.71, -74.048],
    ]);
  });

  it("thins a long track to at most 120 points in the database, spread over its time, keeping its first and last fix", async () => {
    const base = day.at(day.R, 60).getTime();
    await shop.db.insert(vehiclePositions).values(
      Array.from({ length: 1000 }, (_, index) => ({ runId: day.runs.back, driverUserId: day.driver.id, lat: 4.6 + index / 100_000, lon: -74.1, accuracyM: 8, at: new Date(base + index * 5_000) })),
    );
    const answer = await shop.call<DayReport>("GET", `/shop-api/staff/reports/days/${day.eventDateId}`, undefined, staff);
    const back = answer.body.data.runs.find((run) => run.leg === "return")!;
    // One fix per 120th of the run's 143 minutes: its six first fixes, one after the gap, then one every 1.2 min.
    expect(back.track.length).toBeGreaterThan(70);
    expect(back.track.length).toBeLessThanOrEqual(120);
    expect(back.track[0]).toEqual({ lat: 4.75, lon: -74.05 });
    expect(back.track.at(-1)).toEqual({ lat: 4.6 + 999 / 100_000, lon: -74.1 });
    await shop.db.delete(vehiclePositions).where(and(eq(vehiclePositions.runId, day.runs.back), gte(vehiclePositions.at, new Date(base))));
  });
});

describe("the day's seats", () => {
  it("counts the door's and the driver's boardings, and a passenger who missed both legs once", () => {
    const out = report.runs.find((run) => run.leg === "outbound")!;
    expect(out).toMatchObject({ seats: 10, booked: 3, boarded: 2, noShows: 1, seatUtilisation: 0.2 });
    expect(out.stops[0]).toMatchObject({ booked: 2, boarded: 2, noShows: 0 });
    expect(report.totals).toMatchObject({ seats: 20, passengers: 3, booked: 6, boarded: 4, noShows: 1, seatUtilisation: 0.2 });
  });
});

describe("the day's effort", () => {
  it("measures minutes and km from the positions, the km driven empty, and CO2 beside driving alone", () => {
    const out = report.runs.find((run) => run.leg === "outbound")!;
    const back = report.runs.find((run) => run.leg === "return")!;
    expect(out.vehicleMinutes).toBe(62);
    expect(out.vehicleKm).toBeCloseTo(0.06 * KM_PER_DEGREE, 2);
    // Empty until the first pick-up (4.69 to 4.6995); coming back after the drop-off (4.7005 to 4.695).
    expect(out.emptyKm).toBeCloseTo(0.0095 * KM_PER_DEGREE, 2);
    expect(back.emptyKm).toBeCloseTo(0.0055 * KM_PER_DEGREE, 2);
    expect(back.vehicleMinutes).toBe(35);
    expect(out.co2Kg).toBeCloseTo(0.06 * KM_PER_DEGREE * 0.252, 2);
    expect(report.totals.vehicleMinutes).toBe(97);
    expect(report.totals.vehicleMinutesPerPassenger).toBe(48.5);
    expect(report.totals.passengersPerVehicleHour).toBeCloseTo(4 / (97 / 60), 2);
    expect(report.totals.co2KgPerPassenger).toBeCloseTo((out.co2Kg + back.co2Kg) / 2, 2);
    expect(report.totals.co2KgDrivingAlonePerPassenger).toBeGreaterThan(report.totals.co2KgPerPassenger!);
    expect(report.co2).toEqual({ gramsPerKm: { van: 252, minibus: 402, bus: 804, car: 170 }, carOccupancy: 1.5 });
  });
});

describe("the day's ratings", () => {
  it("averages per run, driver and day, spreads the scores and raises a 1–2 as an alert with its comment", () => {
    expect(report.totals).toMatchObject({ rating: 3.5, ratings: 2 });
    expect(report.ratingSpread).toEqual([0, 1, 0, 0, 1]);
    expect(report.runs.find((run) => run.leg === "return")).toMatchObject({ rating: 3.5, ratings: 2 });
    expect(report.drivers).toEqual([{ id: day.driver.id, name: expect.any(String), rating: 3.5, ratings: 2 }]);
    expect(report.alerts).toEqual([expect.objectContaining({ passengerId: day.people.ana.passengerId, orderId: day.people.ana.orderId, score: 2, comment: "Llegó tarde" })]);
  });
});

describe("the list of days and the workbook", () => {
  it("lists the date with its summary", async () => {
    const answer = await shop.call<DaysList>("GET", "/shop-api/staff/reports/days", undefined, staff);
    expect(answer.status).toBe(200);
    expect(answer.body.data.days).toEqual([expect.objectContaining({ eventDateId: day.eventDateId, passengers: 3, boarded: 2, noShows: 1, onTimeShare: 0.667, seatUtilisation: 0.2, rating: 3.5 })]);
    expect(report.trend.map((one) => one.eventDateId)).toEqual([day.eventDateId]);
  });

  it("gives the runs and stops as typed cells", async () => {
    const response = await shop.app.request(`/shop-api/staff/reports/days/${day.eventDateId}?format=xlsx`, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    const book = readWorkbook(new Uint8Array(await response.arrayBuffer()), { cellDates: true });
    expect(book.SheetNames).toEqual(["runs", "stops"]);
    const stops = book.Sheets.stops!;
    expect(stops.H2).toMatchObject({ t: "n", v: 7 });
    expect(stops.I2).toMatchObject({ t: "s", v: "late" });
    expect(stops.E2!.t).toBe("d");
  });

  it("answers only staff, and 404 for a date that does not exist", async () => {
    const customer = await shop.buyer();
    expect((await shop.call("GET", `/shop-api/staff/reports/days/${day.eventDateId}`, undefined, { token: customer.token })).status).toBe(403);
    expect((await shop.call("GET", "/shop-api/staff/reports/days/99999999", undefined, staff)).status).toBe(404);
  });
});

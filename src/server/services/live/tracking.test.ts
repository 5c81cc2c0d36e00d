import { describe, expect, it } from "vitest";
import { LEG } from "../../../shared/domain/legs";
import { PASSENGER_STATE } from "../../../shared/domain/dispatch";
import type { LiveRun } from "../../../shared/schemas/answers/live";
import type { ShopContext } from "../../context";
import { parseEnv } from "../../env";
import { trackingRenderer, trackingView, type TrackingSubject } from "./tracking";

const deps = { env: parseEnv({ NODE_ENV: "test" }), now: () => new Date("2026-11-29T12:06:00.000Z") } as ShopContext;
const outLeg = (runId: number) => ({ leg: LEG.outbound as typeof LEG.outbound | typeof LEG.return, runId, published: new Date("2026-11-29T12:11:00.000Z"), publishedArrival: null });
const backLeg = (runId: number) => ({ leg: LEG.return, runId, published: new Date("2026-11-29T20:00:00.000Z"), publishedArrival: new Date("2026-11-29T20:40:00.000Z") });

const stop = (position: number, address: string) => ({
  position,
  address,
  lat: 4.7 - position / 100,
  lon: -74.03,
  planned: `2026-11-29T12:${10 + position}:00.000Z`,
  done: position === 0,
  expected: position === 0 ? null : `2026-11-29T12:${12 + position}:00.000Z`,
  delayMinutes: position === 0 ? null : 2,
});

function run(runId: number, leg: LiveRun["leg"], at: string): LiveRun {
  return {
    runId,
    eventDateId: 7,
    leg,
    vehicle: { plate: "ABC123", label: "Van 1" },
    driver: { firstName: "Mateo", name: "Mateo Cárdenas", phone: "300 111 2222" },
    departsAt: "2026-11-29T12:00:00.000Z",
    arrivesAt: "2026-11-29T13:00:00.000Z",
    position: { lat: 4.71, lon: -74.02, at, ageSeconds: 3 },
    stopsDone: 1,
    stopsTotal: 2,
    venueExpected: "2026-11-29T13:02:00.000Z",
    delayMinutes: 2,
    stops: [stop(0, "Calle 1 # 2-3"), stop(1, "Carrera 15 # 93-40")],
    riders: [
      { passengerId: 11, name: "Ana Usaquén", phone: "300 333 0001", stop: 0, state: PASSENGER_STATE.boarded, by: "driver", missing: false },
      { passengerId: 12, name: "Dora Viajera", phone: "300 555 0142", stop: 1, state: PASSENGER_STATE.waiting, by: null, missing: false },
    ],
  };
}

const subject = (passengerId: number, legs: TrackingSubject["legs"]): TrackingSubject => ({
  passengerId,
  firstName: "Dora \"la\" Viajera",
  legs,
  eventName: "Noche Vallenata",
  venue: { name: "El Campín", lat: 4.646, lon: -74.077 },
  timeZone: "America/Bogota",
  expiresAt: new Date("2026-11-29T14:00:00.000Z"),
});

describe("the tracking stream's renderer", () => {
  it("writes what the JSON read answers, for each passenger and leg, from parts shared by the run's listeners", () => {
    const outbound = run(1, LEG.outbound, "2026-11-29T12:05:00.000Z");
    const back = run(2, LEG.return, "2026-11-29T20:05:00.000Z");
    for (const one of [subject(12, [outLeg(1), backLeg(2)]), subject(11, [outLeg(1)])]) {
      const runs = one.legs.map((leg) => (leg.runId === 1 ? outbound : back));
      const written = trackingRenderer(deps, one)(runs);
      expect(JSON.parse(written!)).toEqual(trackingView(deps, one, new Map(runs.map((live) => [live.runId, live]))));
    }
  });

  it("follows each new live state, and writes nothing until every leg's is known", () => {
    const render = trackingRenderer(deps, subject(12, [outLeg(1), backLeg(2)]));
    expect(render([run(1, LEG.outbound, "2026-11-29T12:05:00.000Z"), undefined])).toBeNull();
    const first = render([run(1, LEG.outbound, "2026-11-29T12:05:00.000Z"), run(2, LEG.return, "2026-11-29T20:05:00.000Z")])!;
    const moved = render([run(1, LEG.outbound, "2026-11-29T12:05:05.000Z"), run(2, LEG.return, "2026-11-29T20:05:00.000Z")])!;
    expect(JSON.parse(moved).legs[0].van.at).toBe("2026-11-29T12:05:05.000Z");
    expect(JSON.parse(first).legs[0].van.at).toBe("2026-11-29T12:05:00.000Z");
  });

  it("decides each listener's own part by what they were told, though listeners of one stop share it", () => {
    const live = run(1, LEG.outbound, "2026-11-29T12:05:00.000Z");
    live.riders.push({ passengerId: 13, name: "Eva Viajera", phone: "300 555 0143", stop: 1, state: PASSENGER_STATE.boarded, by: "driver", missing: false });
    const told = (minute: number) => ({ ...outLeg(1), published: new Date(`2026-11-29T12:${minute}:00.000Z`) });
    // Dora as told at 12:11 and again as told at 12:20 wait at the same stop; Eva is aboard from it.
    const listeners = [subject(12, [told(11)]), subject(12, [told(20)]), subject(13, [told(11)])];
    const written = listeners.map((one) => JSON.parse(trackingRenderer(deps, one)([live])!));
    for (const [index, one] of listeners.entries()) expect(written[index]).toEqual(trackingView(deps, one, new Map([[1, live]])));
    expect(written[0].legs[0].delayMinutes).not.toBe(written[1].legs[0].delayMinutes);
    expect(written[2].legs[0]).toMatchObject({ aboard: true, state: "aboard" });
  });

  it("shows nothing of the other passengers of the run", () => {
    const written = trackingRenderer(deps, subject(12, [outLeg(1)]))([run(1, LEG.outbound, "2026-11-29T12:05:00.000Z")])!;
    expect(written).not.toContain("Ana");
    expect(written).not.toContain("Calle 1 # 2-3");
    expect(written).not.toContain("0001");
    expect(JSON.parse(written).legs[0]).toMatchObject({ aboard: false, stop: { address: "Carrera 15 # 93-40" } });
  });
});

import { describe, expect, it } from "vitest";
import { LEG } from "../../../shared/domain/legs";
import { PASSENGER_STATE } from "../../../shared/domain/dispatch";
import { TRACKING_STATE } from "../../../shared/domain/tracking";
import { legState, type TrackingStateInput } from "./tracking-state";

const venue = { lat: 4.646, lon: -74.077 };
const stop = { lat: 4.7, lon: -74.03 };
/** About `km` south of a place. */
const south = (place: { lat: number; lon: number }, km: number) => ({ lat: place.lat - km / 111.2, lon: place.lon });
const now = new Date("2026-11-29T12:00:00.000Z");
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

function outbound(over: Partial<TrackingStateInput> & { vehicle?: { lat: number; lon: number } | null; expectedIn?: number; done?: boolean; stopsDone?: number }): TrackingStateInput {
  const vehicle = over.vehicle === undefined ? south(stop, 5) : over.vehicle;
  return {
    leg: LEG.outbound,
    passenger: PASSENGER_STATE.waiting,
    run: { position: vehicle ? { ...vehicle, at: now.toISOString(), ageSeconds: 0 } : null, stopsDone: over.stopsDone ?? 0, stopsTotal: 2, venueExpected: at(40) },
    stop: { ...stop, done: over.done ?? false, expected: over.done ? null : at(over.expectedIn ?? 12) },
    venue,
    published: new Date(at(10)),
    publishedArrival: null,
    now,
    ...over,
  };
}

function back(over: Partial<TrackingStateInput> & { vehicle?: { lat: number; lon: number } | null; left?: boolean; done?: boolean }): TrackingStateInput {
  const vehicle = over.vehicle === undefined ? venue : over.vehicle;
  return {
    leg: LEG.return,
    passenger: PASSENGER_STATE.waiting,
    run: { position: vehicle ? { ...vehicle, at: now.toISOString(), ageSeconds: 0 } : null, stopsDone: over.done ? 1 : 0, stopsTotal: 2, venueExpected: over.left ? null : at(5) },
    stop: { ...stop, done: over.done ?? false, expected: over.done ? null : at(400) },
    venue,
    published: new Date(at(5)),
    publishedArrival: new Date(at(45)),
    now,
    ...over,
  };
}

describe("a passenger's leg says one thing at a time", () => {
  it("going out: waiting without a position, on the way, arriving, aboard, dropped off at the venue", () => {
    expect(legState(outbound({ vehicle: null }))).toEqual({ state: TRACKING_STATE.waiting, expected: null, delayMinutes: null });
    expect(legState(outbound({ expectedIn: 12 }))).toEqual({ state: TRACKING_STATE.onTheWay, expected: at(12), delayMinutes: 2 });
    expect(legState(outbound({ expectedIn: 1 })).state).toBe(TRACKING_STATE.arriving);
    expect(legState(outbound({ vehicle: south(stop, 0.05), expectedIn: 6 })).state).toBe(TRACKING_STATE.arriving);
    // Aboard while the others of her stop still board: aboard, never "arriving" beside it, no countdown.
    expect(legState(outbound({ passenger: PASSENGER_STATE.boarded, vehicle: stop, expectedIn: 0 }))).toEqual({ state: TRACKING_STATE.aboard, expected: null, delayMinutes: null });
    expect(legState(outbound({ passenger: PASSENGER_STATE.boarded, vehicle: venue, done: true, stopsDone: 2 })).state).toBe(TRACKING_STATE.droppedOff);
    // Every stop done but the van not yet at the venue: still aboard.
    expect(legState(outbound({ passenger: PASSENGER_STATE.boarded, vehicle: south(venue, 3), done: true, stopsDone: 2 })).state).toBe(TRACKING_STATE.aboard);
  });

  it("going out: missed when the van passed her stop without her, or the driver marked her as not come", () => {
    expect(legState(outbound({ done: true, stopsDone: 1 })).state).toBe(TRACKING_STATE.missed);
    expect(legState(outbound({ passenger: PASSENGER_STATE.noShow })).state).toBe(TRACKING_STATE.missed);
  });

  it("coming back: no countdown until the run has left the venue, then to her stop; missed if it left without her", () => {
    // Hours before: the published departure, no "in 400 minutes".
    expect(legState(back({ vehicle: null }))).toEqual({ state: TRACKING_STATE.waiting, expected: null, delayMinutes: 0 });
    expect(legState(back({ vehicle: south(venue, 4) })).state).toBe(TRACKING_STATE.onTheWay);
    expect(legState(back({})).state).toBe(TRACKING_STATE.arriving);
    expect(legState(back({ passenger: PASSENGER_STATE.boarded }))).toMatchObject({ state: TRACKING_STATE.aboard, expected: null });
    // Past its time but still standing at the venue: it has not left anyone behind yet.
    expect(legState(back({ left: true })).state).toBe(TRACKING_STATE.arriving);
    const left = back({ passenger: PASSENGER_STATE.boarded, left: true, vehicle: south(venue, 2) });
    expect(legState(left)).toEqual({ state: TRACKING_STATE.aboard, expected: at(400), delayMinutes: 355 });
    expect(legState(back({ left: true, vehicle: south(venue, 2) })).state).toBe(TRACKING_STATE.missed);
    expect(legState(back({ passenger: PASSENGER_STATE.boarded, done: true, vehicle: stop })).state).toBe(TRACKING_STATE.droppedOff);
  });
});

/**
 * The van's position while a run is under way: the phone watches its position (Geolocation `watchPosition`), keeps
 * each fix with its own time in IndexedDB (one every few seconds at most) and sends what it kept every 10 s
 * (POST /shop-api/driver/positions, 100 at most a call). Offline, fixes wait and go when the network is back: the
 * shop stores each once, so a batch sent twice does no harm. A run is under way within the window the shop gives
 * it (`run.sharing`: from before its first pick-up to after its last drop-off): sharing starts and stops by
 * itself with it. The driver may turn it off (kept on this phone).
 */
import { useCallback, useEffect, useState } from "react";
import { api, ApiFailure } from "../../../client/api";
import { MAX_POSITIONS_PER_CALL } from "../../../shared/domain/dispatch";
import type { DriverRun } from "../../../shared/schemas/answers/dispatch";
import { addPosition, queuedPositions, removePositions, type QueuedPosition } from "./driver-store";

/** How often kept positions are sent (the live screens are at most this late, besides the network). */
export const SEND_EVERY_MS = 10_000;
/** Fixes closer together than this are one: a van moves little in it, and the queue stays small offline. */
const MIN_GAP_MS = 4_000;
/** How often the phone looks again whether a run is under way. */
const LOOK_EVERY_MS = 30_000;
const SWITCH_KEY = "rodamos.driver.sharing";

/** The run under way at that instant: the first whose sharing window holds it. */
export function runUnderWay(runs: readonly DriverRun[], now: number): DriverRun | null {
  return runs.find((run) => Date.parse(run.sharing.from) <= now && now <= Date.parse(run.sharing.until)) ?? null;
}

/** Sends the kept positions, run by run, 100 at a time; those the shop refused for good are dropped. */
export async function sendPositions(): Promise<number> {
  const queued = await queuedPositions();
  const byRun = new Map<number, QueuedPosition[]>();
  for (const one of queued) byRun.set(one.runId, [...(byRun.get(one.runId) ?? []), one]);
  for (const [runId, positions] of byRun) {
    for (let start = 0; start < positions.length; start += MAX_POSITIONS_PER_CALL) {
      const batch = positions.slice(start, start + MAX_POSITIONS_PER_CALL);
      try {
        await api("POST /shop-api/driver/positions", { body: { runId, positions: batch.map(({ lat, lon, accuracy, at }) => ({ lat, lon, accuracy, at })) } });
      } catch (error) {
        // No network: kept for the next try. A refusal (another driver's run now, a window gone by) never changes.
        if (!(error instanceof ApiFailure) || error.status === 0 || error.status >= 500 || error.status === 401 || error.status === 429) throw error;
      }
      await removePositions(batch);
    }
  }
  return (await queuedPositions()).length;
}

export interface Sharing {
  /** The run whose position is shared now, or null when none is under way (or sharing is off). */
  run: DriverRun | null;
  /** The run under way, shared or not. */
  underWay: DriverRun | null;
  on: boolean;
  setOn(on: boolean): void;
  pending: number;
  denied: boolean;
}

export function usePositionSharing(runs: readonly DriverRun[] | null): Sharing {
  const [on, setOnState] = useState(() => localStorage.getItem(SWITCH_KEY) !== "off");
  const [now, setNow] = useState(() => Date.now());
  const [pending, setPending] = useState(0);
  const [denied, setDenied] = useState(false);
  const underWay = runs ? runUnderWay(runs, now) : null;
  const shared = on && !denied ? underWay : null;

  const setOn = useCallback((value: boolean) => {
    localStorage.setItem(SWITCH_KEY, value ? "on" : "off");
    setOnState(value);
    if (value) setDenied(false);
  }, []);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), LOOK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);

  // What is kept is sent every few seconds whether or not a run is under way (a queue from an offline run).
  useEffect(() => {
    let live = true;
    const send = () =>
      sendPositions()
        .then((left) => live && setPending(left))
        .catch(async () => live && setPending((await queuedPositions()).length));
    void send();
    const timer = window.setInterval(send, SEND_EVERY_MS);
    window.addEventListener("online", send);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener("online", send);
    };
  }, []);

  const runId = shared?.id ?? null;
  useEffect(() => {
    if (runId === null || !("geolocation" in navigator)) return;
    let last = 0;
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        if (position.timestamp - last < MIN_GAP_MS) return;
        last = position.timestamp;
        const { latitude: lat, longitude: lon, accuracy } = position.coords;
        void addPosition({ runId, lat, lon, accuracy: Number.isFinite(accuracy) ? accuracy : null, at: new Date(position.timestamp).toISOString() }).then(async () =>
          setPending((await queuedPositions()).length),
        );
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setDenied(true);
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [runId]);

  return { run: shared, underWay, on, setOn, pending, denied };
}

/**
 * The live feed of one shop process: each run's live state computed once per change and handed to every open
 * screen watching it (the dispatcher's and the passengers' streams), and the automatic "van arriving" checked on the
 * same computation. A change is heard two ways: `announce` from this process, and a poll of the positions table
 * (the newest position id, then which runs received positions past the last one seen) every POLL_MS, which is how
 * positions taken by another process reach this one. The leader recomputes every run that received a position (so
 * "van arriving" goes out with nobody watching); other processes only the runs their screens watch. A watched run
 * not recomputed for REFRESH_MS is recomputed, for boardings and for the clock (a van that stopped reporting grows
 * late); each run by its own age, so a busy day's runs (recomputed with every position anyway) are not all
 * recomputed and pushed to every screen in one tick.
 * A run's frame (stops, van, driver, passengers) is read again after FRAME_MS, so a re-published plan shows; the
 * frames of all the runs of one day and leg are read together.
 */
import type { LiveRun } from "../../../shared/schemas/answers/live";
import type { LiveFeed, ShopContext } from "../../context";
import { sendDueArrivals } from "./arrivals";
import type { Leg } from "../../../shared/domain/legs";
import { framesOfDay, liveRuns, publishedDayOfRun, type RunFrame } from "./live-state";
import { positionsAfter } from "./van-positions";

const POLL_MS = 250;
const REFRESH_MS = 15_000;
const FRAME_MS = 15_000;

type Listener = (run: LiveRun) => void;

export function createLiveFeed(deps: ShopContext): LiveFeed {
  const listeners = new Map<number, Set<Listener>>();
  /** Each run's event date and leg ("id leg"), which never change; and each day's frames, read at most every FRAME_MS. */
  const dayOfRun = new Map<number, string>();
  const days = new Map<string, { frames: Promise<Map<number, RunFrame>>; at: number }>();
  const latest = new Map<number, LiveRun>();
  const pending = new Set<number>();
  /** Per run, the newest position id announced by this process (the poll need not recompute the run for it). */
  const announcedUpTo = new Map<number, number>();
  let working: Promise<void> | null = null;
  let lastPositionId: number | null = null;
  /** Whether a poll was made: with no position stored yet, `lastPositionId` stays null after it. */
  let polled = false;
  let leading = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  /** When each run's live state was last computed (Date.now() as its computation began). */
  const computedAt = new Map<number, number>();

  /**
   * A run's frame from its day's frames, read once per day and leg for all its runs: every run of a plan shares the
   * plan's rows (stops, riders, passengers), so reading a run's frame on its own read the whole day each time, once
   * per run (200 runs: 200 whole-day reads every FRAME_MS, the live day's heaviest work).
   */
  async function frameOf(runId: number): Promise<RunFrame | null> {
    let key = dayOfRun.get(runId);
    if (key === undefined) {
      const day = await publishedDayOfRun(deps, runId).catch(() => null);
      // An unpublished run is asked again next time: it may be published by then.
      if (!day) return null;
      key = `${day.eventDateId} ${day.leg}`;
      dayOfRun.set(runId, key);
    }
    let cached = days.get(key);
    if (!cached || Date.now() - cached.at >= FRAME_MS) {
      const [eventDateId, leg] = key.split(" ") as [string, Leg];
      const frames = framesOfDay(deps, Number(eventDateId), leg)
        .then((day) => new Map(day.frames.map((frame): [number, RunFrame] => [frame.runId, frame])))
        .catch(() => new Map<number, RunFrame>());
      days.set(key, (cached = { frames, at: Date.now() }));
    }
    return (await cached.frames).get(runId) ?? null;
  }

  async function recompute(runIds: number[]): Promise<void> {
    // Tried now, found or not (a run no longer published is not asked again every poll).
    const at = Date.now();
    for (const runId of runIds) computedAt.set(runId, at);
    const found = (await Promise.all(runIds.map(frameOf))).filter((frame): frame is RunFrame => frame !== null);
    const runs = await liveRuns(deps, found);
    for (const [index, run] of runs.entries()) {
      latest.set(run.runId, run);
      for (const listener of listeners.get(run.runId) ?? []) listener(run);
      await sendDueArrivals(deps, found[index]!, run);
    }
  }

  /** Works through the pending runs, one batch at a time, until none is left. */
  function flush(): Promise<void> {
    if (working) return working;
    working = (async () => {
      while (pending.size > 0) {
        const batch = [...pending];
        pending.clear();
        try {
          await recompute(batch);
        } catch (error) {
          console.error("live feed: runs could not be recomputed:", error);
        }
      }
    })().finally(() => {
      working = null;
      // Announced after the last batch was taken but before the work ended: that announcement found work under way.
      if (pending.size > 0) void flush();
    });
    return working;
  }

  function announce(runIds: readonly number[], positionId?: number) {
    for (const id of runIds) {
      pending.add(id);
      if (positionId !== undefined) announcedUpTo.set(id, Math.max(positionId, announcedUpTo.get(id) ?? 0));
    }
    if (pending.size > 0) void flush();
  }

  async function tick(): Promise<void> {
    const first = !polled;
    const { newest, runs } = await positionsAfter(deps.db, lastPositionId);
    polled = true;
    lastPositionId = newest ?? lastPositionId;
    // A run whose new positions were all taken by this process was recomputed when they were announced.
    const runIds = runs.filter((one) => (announcedUpTo.get(one.runId) ?? 0) < one.top).map((one) => one.runId);
    const changed = leading ? runIds : runIds.filter((id) => listeners.has(id));
    // The first poll has nothing to compare with: every watched run is read afresh.
    const stale = first ? Number.POSITIVE_INFINITY : Date.now() - REFRESH_MS;
    for (const runId of listeners.keys()) if ((computedAt.get(runId) ?? 0) <= stale) changed.push(runId);
    announce(changed);
    await flush();
  }

  function ensureTimer() {
    if (timer) return;
    timer = setInterval(() => {
      if (ticking) return;
      ticking = true;
      tick()
        .catch((error) => console.error("live feed: positions could not be read:", error))
        .finally(() => {
          ticking = false;
        });
    }, POLL_MS);
    timer.unref();
  }

  return {
    watch(runId, listener) {
      let set = listeners.get(runId);
      if (!set) listeners.set(runId, (set = new Set()));
      set.add(listener);
      const known = latest.get(runId);
      if (known) queueMicrotask(() => set.has(listener) && listener(known));
      else announce([runId]);
      // Tests drive the feed themselves (`tick`), so what a test sees never depends on a timer.
      if (deps.env.NODE_ENV !== "test") ensureTimer();
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(runId);
      };
    },
    current: async (runId) => latest.get(runId) ?? (announce([runId]), await flush(), latest.get(runId) ?? null),
    frame: frameOf,
    announce,
    tick,
    lead() {
      leading = true;
      if (deps.env.NODE_ENV !== "test") ensureTimer();
      return () => {
        leading = false;
      };
    },
    settle: () => working ?? Promise.resolve(),
    close() {
      if (timer) clearInterval(timer);
      timer = null;
      listeners.clear();
    },
  };
}

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
 * A watched board (the dispatcher's screen of a date and leg) is checked every BOARD_MS by a cheap stamp of its
 * plan and its date's orders (`boardStamp`); when the stamp moved, the board and the plan are read once and handed
 * to every screen watching it, so a booking paid or a plan changed by anyone, in any process, shows within a second
 * or two without a reload.
 */
import type { LiveRun } from "../../../shared/schemas/answers/live";
import type { LiveFeed, ShopContext } from "../../context";
import { sendDueArrivals } from "./arrivals";
import type { Leg } from "../../../shared/domain/legs";
import { framesOfDay, liveRuns, publishedDayOfRun, type RunFrame } from "./live-state";
import { positionsAfter } from "./vehicle-positions";
import type { DispatchBoardEvent } from "../../../shared/schemas/answers/dispatch";
import { boardEvent, boardStamp } from "../dispatch/dispatch-board";

const POLL_MS = 250;
const REFRESH_MS = 15_000;
const FRAME_MS = 15_000;
const BOARD_MS = 1_000;
/**
 * How long an announcement waits for others to be recomputed with it. Each recomputation reads the runs' positions,
 * headings and boardings in four statements whatever the number of runs: 200 vans posting every 5 s announced one
 * run at a time made four statements per position, the live day's largest cost; gathered over a tenth of a second
 * (and while a recomputation is under way) a few runs share them. A page shows the van that much later.
 */
const GATHER_MS = 100;

type Listener = (run: LiveRun) => void;
type BoardListener = (board: DispatchBoardEvent) => void;

interface WatchedBoard {
  eventDateId: number;
  leg: Leg;
  listeners: Set<BoardListener>;
  stamp: string | null;
  latest: DispatchBoardEvent | null;
  reading: Promise<void> | null;
}

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
  /** The gathering of announcements before the next recomputation, while it waits (GATHER_MS). */
  let gathering: NodeJS.Timeout | null = null;
  let lastPositionId: number | null = null;
  /** Whether a poll was made: with no position stored yet, `lastPositionId` stays null after it. */
  let polled = false;
  let leading = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  /** When each run's live state was last computed (Date.now() as its computation began). */
  const computedAt = new Map<number, number>();
  /** The boards open on screens, by "id leg". */
  const boards = new Map<string, WatchedBoard>();
  let boardTimer: NodeJS.Timeout | null = null;

  /** Reads the board's stamp and, when it moved (or `force`), the board itself, and hands it to its screens. */
  function checkBoard(board: WatchedBoard, force = false): Promise<void> {
    if (board.reading) return board.reading;
    board.reading = (async () => {
      const stamp = await boardStamp(deps.db, board.eventDateId, board.leg);
      if (!force && stamp === board.stamp) return;
      const event = await boardEvent(deps, board.eventDateId, board.leg);
      const changed = board.stamp !== null && stamp !== board.stamp;
      board.stamp = stamp;
      board.latest = event;
      for (const listener of board.listeners) listener(event);
      if (changed) {
        // The plan changed: its runs' frames are read again and their live states recomputed with them.
        days.delete(`${board.eventDateId} ${board.leg}`);
        announce(event.plan.runs.map((run) => run.id).filter((id) => listeners.has(id)));
      }
    })()
      .catch((error) => console.error("live feed: a board could not be read:", error))
      .finally(() => {
        board.reading = null;
      });
    return board.reading;
  }

  async function checkBoards(): Promise<void> {
    await Promise.all([...boards.values()].map((board) => checkBoard(board)));
  }

  /**
   * The boards' own timer, running while a board is watched, in every mode: a dispatcher's board must hear a booking
   * paid even where nothing drives the positions' poll (the browser journeys' shop runs in test mode).
   */
  function ensureBoardTimer() {
    if (boardTimer) return;
    boardTimer = setInterval(() => void checkBoards(), BOARD_MS);
    boardTimer.unref();
  }

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
    const found = (await cached.frames).get(runId);
    if (found || Date.now() - cached.at < 1_000) return found ?? null;
    // A run the day's frames do not know yet (a run opened since they were read): the day is read again once.
    days.delete(key);
    return frameOf(runId);
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
    if (gathering) clearTimeout(gathering);
    gathering = null;
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

  /** Recomputes the runs after GATHER_MS, with whatever else is announced by then (or once the work under way ends). */
  function announce(runIds: readonly number[], positionId?: number) {
    for (const id of runIds) {
      pending.add(id);
      if (positionId !== undefined) announcedUpTo.set(id, Math.max(positionId, announcedUpTo.get(id) ?? 0));
    }
    // Work under way takes what is pending when its batch ends.
    if (pending.size === 0 || working || gathering) return;
    gathering = setTimeout(() => void flush(), GATHER_MS);
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
    // A test's `tick` reads the boards too, so an API test need not wait for the boards' own timer.
    if (boards.size > 0 && deps.env.NODE_ENV === "test") await checkBoards();
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
    watchBoard(eventDateId, leg, listener) {
      const key = `${eventDateId} ${leg}`;
      let board = boards.get(key);
      if (!board) boards.set(key, (board = { eventDateId, leg, listeners: new Set(), stamp: null, latest: null, reading: null }));
      const watched = board;
      watched.listeners.add(listener);
      if (watched.latest) {
        const known = watched.latest;
        queueMicrotask(() => watched.listeners.has(listener) && listener(known));
      } else void checkBoard(watched);
      ensureBoardTimer();
      return () => {
        watched.listeners.delete(listener);
        if (watched.listeners.size === 0 && boards.get(key) === watched) boards.delete(key);
        if (boards.size === 0 && boardTimer) {
          clearInterval(boardTimer);
          boardTimer = null;
        }
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
    // What waits to be gathered is recomputed now.
    settle: () => working ?? (gathering ? flush() : Promise.resolve()),
    close() {
      if (gathering) clearTimeout(gathering);
      gathering = null;
      pending.clear();
      if (timer) clearInterval(timer);
      timer = null;
      if (boardTimer) clearInterval(boardTimer);
      boardTimer = null;
      boards.clear();
      listeners.clear();
    },
  };
}

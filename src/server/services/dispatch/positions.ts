/**
 * Where the vans are: the driver's phone reports its run's positions (POST /shop-api/driver/positions) and the
 * live screens read the latest per run (`latestPositions`). A batch is all or nothing: it is accepted only from the
 * driver the run is given to, and only when every fix lies in the run's window (from POSITION_WINDOW_MINUTES before
 * its first pick-up to as long after its last drop-off) and no later than the shop's clock allows; otherwise nothing
 * is stored. A fix the shop already has (the same run and instant: a batch sent again from the phone's offline
 * queue) is skipped, so retries never duplicate.
 *
 * A fix must also be believable (`implausibility`): inside the run's country, not (0, 0), accurate to
 * MAX_ACCURACY_METERS, and reachable from the run's latest fix before it at MAX_SPEED_KMH, judged over at least
 * SPEED_SPAN_MIN_MS (fixes seconds apart carry GPS error of their own) and never for a move within JITTER_KM.
 * Implausible fixes are not stored; a batch of nothing else is refused with the reason. Fixes less than a second after one kept for the run are
 * coalesced into it, a driver's calls beyond POSITION_CALLS_PER_SECOND (after a short burst) are refused with 429, and the live screens
 * hear of a run at most once a second (a later change in that second is announced when the second is over).
 * The caller's token version, the run, the driver's right to it and its latest fix are read for the posts of
 * POST_GATHER_MS together (`positionsCaller`), and the fixes accepted meanwhile are inserted in that same statement
 * (`storeFixes`): on the day every van posts every few seconds, and each statement costs both sides more than its work.
 */
import { and, sql } from "drizzle-orm";
import { COUNTRY_BOUNDS } from "../../../shared/domain/countries";
import { POSITION_WINDOW_MINUTES } from "../../../shared/domain/dispatch";
import { ShopError, type ShopErrorCode } from "../../../shared/domain/shop-error";
import type { CountryCode } from "../../../shared/locales";
import { straightLineKm } from "../../geo/travel-time-estimate";
import type { VehiclePositionsAnswer, VehiclePositionsInput } from "../../../shared/schemas/vehicle-positions";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { runStatement } from "../../db/statements";
import { vehiclePositions } from "../../db/schema";
import { callerFromRow, type Caller } from "../../auth/caller";
import type { SessionClaims } from "../../auth/session-tokens";
import {
  callerAndPublishedRunOf,
  CALLERS_AND_PUBLISHED_RUNS_SQL,
  publishedRunDates,
  runOfDriver,
  type CallerAndRunRow,
  type DriverRunWindow,
} from "./driver-plans";
import { anyId } from "../../db/id-lists";

const WINDOW_MS = POSITION_WINDOW_MINUTES * 60_000;
/** A phone's clock may run a little ahead of the shop's: fixes up to this far in the future are taken as now. */
const CLOCK_SKEW_MS = 2 * 60_000;

/** The span in which a run's driver may report positions. */
export function positionWindow(run: { departsAt: Date; arrivesAt: Date }): { from: Date; until: Date } {
  return { from: new Date(run.departsAt.getTime() - WINDOW_MS), until: new Date(run.arrivesAt.getTime() + WINDOW_MS) };
}

/** A fix less accurate than this (its radius in metres) says too little of where the van is. */
export const MAX_ACCURACY_METERS = 1_000;
/** No van on a city or country road goes faster: a fix that would need it is a GPS jump. */
export const MAX_SPEED_KMH = 200;
/**
 * Speed is judged over at least a minute: two fixes seconds apart differ by their GPS error as much as by the road,
 * so a move is too fast only beyond what MAX_SPEED_KMH covers in a minute (about 3.3 km), or in the time between
 * the fixes when that is longer.
 */
export const SPEED_SPAN_MIN_MS = 60_000;
/** A move this short is GPS jitter (a van waiting at a stop), never a speed. */
const JITTER_KM = 0.2;
/** Fixes closer in time than this on one run are one fix: the first stands. */
const COALESCE_MS = 1_000;
/**
 * A phone sends a batch every few seconds: a driver may make POSITION_CALLS_PER_SECOND calls a second, with a burst
 * of POSITION_CALL_BURST (a queue sent again on a bad network); beyond that the calls are a flood, answered 429.
 */
export const POSITION_CALLS_PER_SECOND = 5;
const POSITION_CALL_BURST = 10;
/** The live screens hear of one run at most this often. */
const ANNOUNCE_MS = 1_000;

type Fix = { lat: number; lon: number; accuracy: number | null; when: Date };

/** Why a fix cannot be where a van is, or null when it can. Pure, so each rule is tested on its own. */
export function implausibility(fix: Fix, country: string, before: Fix | null): ShopErrorCode | null {
  if (Math.abs(fix.lat) < 0.01 && Math.abs(fix.lon) < 0.01) return "position_null_island";
  const box = Object.hasOwn(COUNTRY_BOUNDS, country) ? COUNTRY_BOUNDS[country as CountryCode] : null;
  if (box && (fix.lat < box.south || fix.lat > box.north || fix.lon < box.west || fix.lon > box.east)) return "position_outside_country";
  if (fix.accuracy !== null && fix.accuracy > MAX_ACCURACY_METERS) return "position_inaccurate";
  if (before) {
    const hours = Math.max(Math.abs(fix.when.getTime() - before.when.getTime()), SPEED_SPAN_MIN_MS) / 3_600_000;
    const km = straightLineKm(before, fix);
    if (km > JITTER_KM && km / hours > MAX_SPEED_KMH) return "position_too_fast";
  }
  return null;
}

/** Per shop (keyed by its live feed): each driver's call bucket, and each run's last announcement and pending one. */
const floods = new WeakMap<object, { calls: Map<number, { tokens: number; at: number }>; announced: Map<number, number>; waiting: Map<number, number> }>();
function floodState(deps: ShopContext) {
  let state = floods.get(deps.live);
  if (!state) floods.set(deps.live, (state = { calls: new Map(), announced: new Map(), waiting: new Map() }));
  return state;
}

/** Refuses a driver's call once their bucket is empty (429); it refills at POSITION_CALLS_PER_SECOND. */
function countCall(deps: ShopContext, driverId: number): void {
  const { calls } = floodState(deps);
  const now = Date.now();
  const bucket = calls.get(driverId) ?? { tokens: POSITION_CALL_BURST, at: now };
  const tokens = Math.min(POSITION_CALL_BURST, bucket.tokens + ((now - bucket.at) / 1_000) * POSITION_CALLS_PER_SECOND);
  if (tokens < 1) {
    calls.set(driverId, { tokens, at: now });
    throw new ShopError("positions_too_many");
  }
  calls.set(driverId, { tokens: tokens - 1, at: now });
}

/** Tells the live screens of a run's new position, at most once a second; a change within the second follows at its end. */
function announceThrottled(deps: ShopContext, runId: number, positionId: number): void {
  const { announced, waiting } = floodState(deps);
  const now = Date.now();
  const last = announced.get(runId) ?? 0;
  if (now - last >= ANNOUNCE_MS) {
    announced.set(runId, now);
    deps.live.announce([runId], positionId);
    return;
  }
  const queued = waiting.get(runId);
  waiting.set(runId, Math.max(queued ?? 0, positionId));
  if (queued !== undefined) return;
  setTimeout(() => {
    const newest = waiting.get(runId);
    waiting.delete(runId);
    announced.set(runId, Date.now());
    if (newest !== undefined) deps.live.announce([runId], newest);
  }, last + ANNOUNCE_MS - now).unref();
}

/**
 * The caller a verified token speaks for (`unauthorized` as the bearer check says: auth/caller.ts) and the run
 * posted to as their phone shows it (as published, still in the plan's draft; driver-plans.ts), read together with
 * the other posts of the moment (`postDesk`): the caller's role is for the route to check before `recordPositions`.
 */
export async function positionsCaller(deps: ShopContext, claims: SessionClaims, runId: number): Promise<{ caller: Caller; run: DriverRunWindow | null }> {
  const { from, until } = publishedRunDates(deps.now().getTime());
  const { caller, run } = await readPost(deps.db, { userId: claims.userId, runId, from, until });
  const checked = callerFromRow(caller, claims);
  return { caller: checked, run: runOfDriver(run, checked.id) };
}

/** Stores a driver's batch of fixes on `run` (theirs, as `positionsCaller` read it; null when it is not theirs). */
export async function recordPositions(deps: ShopContext, driverId: number, input: VehiclePositionsInput, run: DriverRunWindow | null): Promise<VehiclePositionsAnswer> {
  countCall(deps, driverId);
  // Another driver's run and a run that does not exist answer alike: a phone learns nothing of others' runs.
  if (!run) throw new ShopError("positions_not_your_run");
  const { from, until } = positionWindow(run);
  const now = deps.now().getTime();
  const fixes = input.positions.map((one) => ({ ...one, when: new Date(one.at) }));
  for (const fix of fixes) {
    const at = fix.when.getTime();
    if (at < from.getTime() || at > until.getTime() || at > now + CLOCK_SKEW_MS) throw new ShopError("positions_outside_window");
  }
  // In time order, each fix judged against the run's latest fix before it (the stored one first): one less than a
  // second after it is coalesced into it. A fix older than the latest (an offline queue sent late) is not judged for
  // speed; the same instant twice is one fix (the insert below).
  const previous = run.latestFix;
  const ordered = [...fixes].sort((a, b) => a.when.getTime() - b.when.getTime());
  const unique: typeof fixes = [];
  let latest: Fix | null = previous ?? null;
  let refusal: ShopErrorCode | null = null;
  let coalesced = 0;
  for (const fix of ordered) {
    if (latest && Math.abs(fix.when.getTime() - latest.when.getTime()) < COALESCE_MS) {
      coalesced += 1;
      continue;
    }
    const why = implausibility(fix, run.country, latest && fix.when > latest.when ? latest : null);
    if (why) {
      refusal ??= why;
      continue;
    }
    unique.push(fix);
    if (!latest || fix.when > latest.when) latest = fix;
  }
  if (unique.length === 0 && refusal) throw new ShopError(refusal, undefined, refusal === "position_inaccurate" ? { meters: MAX_ACCURACY_METERS } : undefined);
  if (unique.length === 0) return { stored: 0, duplicates: coalesced };
  const stored = await storeFixes(
    deps.db,
    unique.map((fix) => ({ runId: input.runId, driverUserId: driverId, lat: fix.lat, lon: fix.lon, accuracyM: fix.accuracy, at: fix.when, receivedAt: new Date(now) })),
  );
  // This process's live feed recomputes the run at once (other processes hear of it by their poll of the table):
  // the passengers' pages and the dispatcher's screen show the new position without waiting for a poll.
  if (stored.length > 0) announceThrottled(deps, input.runId, Math.max(...stored));
  return { stored: stored.length, duplicates: unique.length - stored.length + coalesced };
}

/**
 * The least time between two statements of the positions' desk: the posts and accepted fixes handed in meanwhile go
 * in the next one. 200 vans each posting every 5 s were some 65 statements a second (a read per post, an insert per
 * few); at most 1000 / POST_GATHER_MS now. A post waits up to twice this (its read, then its insert) on a busy day:
 * 0.1 s each way took a fifth off the CPU per position against 50 ms, for some 70 ms more to the median (a page shows
 * the van a little later; the goal is a second at the 99th percentile); 150 ms saved nothing more.
 */
export const POST_GATHER_MS = 100;
type FixRow = typeof vehiclePositions.$inferInsert & { runId: number; at: Date; lat: number; lon: number };
interface FixWrite {
  rows: FixRow[];
  stored(ids: number[]): void;
  failed(error: unknown): void;
}
interface PostRead {
  userId: number;
  runId: number;
  from: Date;
  until: Date;
  found(answer: ReturnType<typeof callerAndPublishedRunOf>): void;
  failed(error: unknown): void;
}
/** Per database: the posts to read and the fixes to write with the next statement, and whether one is due or under way. */
interface PostDesk {
  reads: PostRead[];
  writes: FixWrite[];
  busy: boolean;
  lastStart: number;
}
const desks = new WeakMap<Db, PostDesk>();

function deskOf(db: Db): PostDesk {
  let desk = desks.get(db);
  if (!desk) desks.set(db, (desk = { reads: [], writes: [], busy: false, lastStart: 0 }));
  return desk;
}

/** Sends the desk's next statement POST_GATHER_MS after the last one began (at once when the desk was quiet that long). */
function wake(db: Db, desk: PostDesk): void {
  if (desk.busy) return;
  desk.busy = true;
  setTimeout(() => void sendDesk(db, desk), Math.max(0, desk.lastStart + POST_GATHER_MS - Date.now()));
}

/** The caller's row and the run of one post (`CALLERS_AND_PUBLISHED_RUNS_SQL`), read with the others of the moment. */
function readPost(db: Db, post: Omit<PostRead, "found" | "failed">): Promise<ReturnType<typeof callerAndPublishedRunOf>> {
  const desk = deskOf(db);
  return new Promise((found, failed) => {
    desk.reads.push({ ...post, found, failed });
    wake(db, desk);
  });
}

/**
 * Writes fixes in the desk's next statement with those other phones hand in meanwhile. Answers the ids of `rows`
 * stored, once the statement has committed; a fix the table already has (the same run and instant), or one given
 * twice in the statement, is stored once, for the first to give it. A failed statement fails every request of it
 * alike, as its own would have: nothing is acknowledged that is not stored.
 */
function storeFixes(db: Db, rows: FixRow[]): Promise<number[]> {
  const desk = deskOf(db);
  return new Promise((stored, failed) => {
    desk.writes.push({ rows, stored, failed });
    wake(db, desk);
  });
}

/**
 * The desk's statement: the fixes accepted since the last one inserted (the columns as arrays: one text whatever the
 * number of fixes, so it is prepared once per connection, db/statements.ts), and the posts handed in read, one row
 * each with the inserted fixes (`[id, run, at in ms]`) as JSON on every row (a row with no post when none was).
 * The reads see the database as it was before the insert: a post of a run whose fix this statement inserted is
 * judged against the newer of the two (`sendDesk`).
 */
const POST_DESK_SQL = `with inserted as (
  insert into vehicle_positions (run_id, driver_user_id, lat, lon, accuracy_m, at, received_at)
  select * from unnest($5::int[], $6::int[], $7::float8[], $8::float8[], $9::float8[], $10::timestamptz[], $11::timestamptz[])
  on conflict (run_id, at) do nothing
  returning id, run_id, (extract(epoch from at) * 1000)::float8 as at_ms
), done as (
  select coalesce(json_agg(json_build_array(id, run_id, at_ms)), '[]')::text as inserted from inserted
), posts as (${CALLERS_AND_PUBLISHED_RUNS_SQL})
select done.inserted, posts.* from done left join posts on true`;

async function sendDesk(db: Db, desk: PostDesk): Promise<void> {
  desk.lastStart = Date.now();
  const reads = desk.reads.splice(0);
  const writes = desk.writes.splice(0);
  const all = writes.flatMap((one) => one.rows);
  try {
    const rows = await runStatement<CallerAndRunRow & { inserted: string }>(db, POST_DESK_SQL, [
      reads.map((read) => read.userId),
      reads.map((read) => read.runId),
      reads.map((read) => read.from.toISOString()),
      reads.map((read) => read.until.toISOString()),
      all.map((row) => row.runId),
      all.map((row) => row.driverUserId),
      all.map((row) => row.lat),
      all.map((row) => row.lon),
      all.map((row) => row.accuracyM ?? null),
      all.map((row) => row.at.toISOString()),
      all.map((row) => (row.receivedAt ?? new Date()).toISOString()),
    ], { planOnce: true });
    const inserted = JSON.parse(rows[0]?.inserted ?? "[]") as [number | string, number, number][];
    const ids = new Map(inserted.map(([id, runId, atMs]) => [`${Number(runId)} ${Math.round(Number(atMs))}`, Number(id)]));
    // Each run's latest fix this statement stored, for the posts read beside it.
    const newest = new Map<number, Fix>();
    for (const one of writes) {
      const mine: number[] = [];
      for (const row of one.rows) {
        const key = `${row.runId} ${row.at.getTime()}`;
        const id = ids.get(key);
        if (id === undefined) continue;
        mine.push(id);
        ids.delete(key);
        const latest = newest.get(row.runId);
        if (!latest || row.at > latest.when) newest.set(row.runId, { lat: row.lat, lon: row.lon, accuracy: row.accuracyM ?? null, when: row.at });
      }
      one.stored(mine);
    }
    const byPlace = new Map<number, CallerAndRunRow>();
    for (const row of rows) if (row.i !== null && row.i !== undefined) byPlace.set(Number(row.i), row);
    reads.forEach((read, index) => {
      const answer = callerAndPublishedRunOf(byPlace.get(index + 1));
      const stored = answer.run && newest.get(read.runId);
      if (answer.run && stored && (!answer.run.latestFix || stored.when > answer.run.latestFix.when)) answer.run.latestFix = stored;
      read.found(answer);
    });
  } catch (error) {
    for (const one of writes) one.failed(error);
    for (const read of reads) read.failed(error);
  }
  desk.busy = false;
  if (desk.reads.length > 0 || desk.writes.length > 0) wake(db, desk);
}

/** The last position of each run (by the phone's time of the fix), for the runs that have any. */
export interface LatestPosition {
  runId: number;
  driverUserId: number;
  lat: number;
  lon: number;
  accuracyM: number | null;
  at: Date;
  receivedAt: Date;
}

export async function latestPositions(db: Db, runIds: readonly number[]): Promise<Map<number, LatestPosition>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([vehiclePositions.runId], {
      runId: vehiclePositions.runId,
      driverUserId: vehiclePositions.driverUserId,
      lat: vehiclePositions.lat,
      lon: vehiclePositions.lon,
      accuracyM: vehiclePositions.accuracyM,
      at: vehiclePositions.at,
      receivedAt: vehiclePositions.receivedAt,
    })
    .from(vehiclePositions)
    .where(and(anyId(vehiclePositions.runId, [...runIds])))
    .orderBy(vehiclePositions.runId, sql`${vehiclePositions.at} desc`);
  return new Map(rows.map((row) => [row.runId, row]));
}

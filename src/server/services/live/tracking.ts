/**
 * What a passenger's tracking link shows (GET /shop-api/tracking/{token} and its event stream): for each published
 * leg of their trip, the van's plate, the driver's first name, the van's last position, the live expected time at
 * their own stop and whether they are aboard. Nothing about the other passengers: no names, no addresses, no other
 * stops. Each leg says one thing at a time (`legState`: waiting, on the way, arriving, aboard, dropped off, missed)
 * and its published time is the one the passenger was texted (`published_pickups.told_time`, written with the
 * text). The link answers until an hour after the passenger's last drop-off (home coming back, the venue going
 * out), then `tracking_link_expired`; a link the shop did not sign, or a passenger of an unpaid order (refunded,
 * cancelled) or of no published run, is `tracking_link_invalid`. An open stream ends at either (`trackingStillOpen`).
 *
 * Thousands of pages open their streams at once on the day (a crowd opening its links, or every page coming back
 * after a restart), so a link is answered without a query of its own: the token's signature is checked in memory,
 * the passenger's name, order state and published pick-ups come from their event date's directory (every passenger
 * with a published pick-up that day, read in one query when a link of the date is first opened, and again at most
 * every DIRECTORY_MS, as the live feed reads the runs' frames), and their runs' frames from the live feed. A
 * passenger in no directory read is read on their own (and their date's directory then read for the next ones). A
 * stream's events are serialised from parts every listener of a run shares, made once per live state
 * (`trackingRenderer`).
 */
import { eq } from "drizzle-orm";
import { LEG, LEGS, type Leg } from "../../../shared/domain/legs";
import { ORDER_STATE, type OrderState } from "../../../shared/domain/order-states";
import { PASSENGER_STATE, type PassengerState } from "../../../shared/domain/dispatch";
import { ShopError } from "../../../shared/domain/shop-error";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { LiveRun, Tracking, TrackingLeg } from "../../../shared/schemas/answers/live";
import type { ShopContext } from "../../context";
import { orders, passengers, publishedPickups, tickets } from "../../db/schema";
import { pick } from "../catalogue/rows";
import type { RunFrame } from "./live-state";
import { passengerOfToken } from "../notices/tracking-link";
import { legState } from "./tracking-state";

/** How long the link answers after the passenger's last drop-off. */
export const TRACKING_AFTER_DROP_OFF_MS = 3_600_000;

/** A leg of the link's passenger: the run that carries them and what they were told of it. */
export interface SubjectLeg {
  leg: Leg;
  runId: number;
  /** What the passenger was texted: the pick-up going out, the departure from the venue coming back. */
  published: Date;
  /** Coming back: the drop-off at their stop the same text named; null going out. */
  publishedArrival: Date | null;
}

/** Who a tracking link is for and which runs carry them: read once per page or stream. */
export interface TrackingSubject {
  passengerId: number;
  firstName: string;
  legs: SubjectLeg[];
  eventName: string;
  venue: { name: string; lat: number; lon: number };
  timeZone: string;
  expiresAt: Date;
}

/** What a link's passenger is, as the passenger's and order's rows and the published pick-ups say. */
interface PassengerRecord {
  name: string;
  state: OrderState;
  pickups: Pickup[];
}

/** A published pick-up as the directory reads it. */
interface Pickup {
  leg: Leg;
  runId: number | null;
  time: Date;
  departsAt: Date;
  toldTime: Date | null;
}

type PickupRow = { passengerId: number; name: string; state: OrderState; leg: Leg | null; runId: number | null; time: Date | null; departsAt: Date | null; toldTime: Date | null };
const pickupColumns = {
  passengerId: passengers.id,
  name: passengers.name,
  state: orders.state,
  leg: publishedPickups.leg,
  runId: publishedPickups.runId,
  time: publishedPickups.time,
  departsAt: publishedPickups.departsAt,
  toldTime: publishedPickups.toldTime,
};

/** How long an event date's directory of passengers answers before it is read again (the live feed's frames: 15 s). */
const DIRECTORY_MS = 15_000;
type Directory = Map<number, PassengerRecord>;
/** An event date's directory, as read (or being read) at `at` (the shop's clock, ms). */
interface DayDirectory {
  at: number;
  answered: number;
  passengers: Promise<Directory | null>;
}
/** Per app: each event date's directory. */
const directories = new WeakMap<ShopContext, Map<number, DayDirectory>>();
/** Each directory read, with its date and the entry it came in (`stillCurrent`). */
const readDirectories = new WeakMap<Directory, { eventDateId: number; day: DayDirectory }>();

/** Reads a date's directory into a new entry at `at`. */
function dayDirectory(deps: ShopContext, eventDateId: number, at: number): DayDirectory {
  const day: DayDirectory = { at, answered: 0, passengers: Promise.resolve(null) };
  day.passengers = readDirectory(deps, eventDateId).then(
    (directory) => {
      readDirectories.set(directory, { eventDateId, day });
      return directory;
    },
    () => null,
  );
  return day;
}

/**
 * Whether `directory` is still its date's directory and not due to be read again at `now`: what was judged from it
 * would be judged the same (`endWhenClosed` then skips the link).
 */
function stillCurrent(deps: ShopContext, directory: Directory, now: number): boolean {
  const read = readDirectories.get(directory);
  return read !== undefined && directories.get(deps)?.get(read.eventDateId) === read.day && Math.abs(now - read.day.at) < DIRECTORY_MS;
}

function recordsOf(rows: PickupRow[]): Directory {
  const records: Directory = new Map();
  for (const row of rows) {
    let record = records.get(row.passengerId);
    if (!record) records.set(row.passengerId, (record = { name: row.name, state: row.state, pickups: [] }));
    if (row.leg !== null && row.time !== null && row.departsAt !== null) record.pickups.push({ leg: row.leg, runId: row.runId, time: row.time, departsAt: row.departsAt, toldTime: row.toldTime });
  }
  return records;
}

/** Every passenger with a published pick-up on the event date: one query. */
async function readDirectory(deps: ShopContext, eventDateId: number): Promise<Directory> {
  const rows = await deps.db
    .select(pickupColumns)
    .from(publishedPickups)
    .innerJoin(passengers, eq(passengers.id, publishedPickups.passengerId))
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(publishedPickups.eventDateId, eventDateId));
  return recordsOf(rows);
}

/** The passenger from a fresh directory that has them, else read on their own (their date's directory read next). */
async function passengerRecord(deps: ShopContext, passengerId: number): Promise<PassengerRecord | null> {
  return (await passengerFound(deps, passengerId)).record;
}

/** `passengerRecord`, with the directory it came from (none when read on their own). */
async function passengerFound(deps: ShopContext, passengerId: number): Promise<{ record: PassengerRecord | null; directory: Directory | null }> {
  let days = directories.get(deps);
  if (!days) directories.set(deps, (days = new Map()));
  const now = deps.now().getTime();
  for (const [eventDateId, day] of [...days]) {
    // Either way: a clock set back (as tests do) must not keep a directory forever. An old directory is read again
    // at once, by the first to find it old, and every later caller waits for that one read: thousands of open
    // streams check their links every few seconds, and each reading its passenger alone until some read finished
    // was hundreds of queries every DIRECTORY_MS.
    // A date whose directory answered nobody since it was read is dropped instead (its day is over).
    let fresh = day;
    if (Math.abs(now - day.at) >= DIRECTORY_MS) {
      if (day.answered === 0) {
        days.delete(eventDateId);
        continue;
      }
      days.set(eventDateId, (fresh = dayDirectory(deps, eventDateId, now)));
    }
    const directory = await fresh.passengers;
    const found = directory?.get(passengerId);
    if (found) {
      fresh.answered += 1;
      return { record: found, directory };
    }
  }
  const rows = await deps.db
    .select({ ...pickupColumns, eventDateId: publishedPickups.eventDateId })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(publishedPickups, eq(publishedPickups.passengerId, passengers.id))
    .where(eq(passengers.id, passengerId));
  for (const eventDateId of new Set(rows.map((row) => row.eventDateId))) {
    if (eventDateId === null || days.has(eventDateId)) continue;
    // Read once for the links of the date opened next (a failed read leaves them to be read one by one).
    days.set(eventDateId, dayDirectory(deps, eventDateId, deps.now().getTime()));
  }
  return { record: recordsOf(rows).get(passengerId) ?? null, directory: null };
}

/**
 * What the passenger was told of a leg: the time written with their text (`told_time`), else the published one
 * (the pick-up going out, the van's departure coming back: the time they act on).
 */
function subjectLeg(row: Pickup, runId: number): SubjectLeg {
  const acted = row.leg === LEG.outbound ? row.time : row.departsAt;
  return { leg: row.leg, runId, published: row.toldTime ?? acted, publishedArrival: row.leg === LEG.return ? row.time : null };
}

/**
 * Whether an open stream of the link may go on: its passenger's order is still paid and they are still published on
 * the same runs, told the same times (a re-publish that moved them ends the stream; the page reads the link again).
 * Read from the date's directory, so thousands of open streams cost one query per date and DIRECTORY_MS.
 */
export async function trackingStillOpen(deps: ShopContext, subject: TrackingSubject): Promise<boolean> {
  return (await linkCheck(deps, subject)).holds;
}

/** `trackingStillOpen`, with the directory its answer came from (null when the passenger was read on their own). */
async function linkCheck(deps: ShopContext, subject: TrackingSubject): Promise<{ holds: boolean; directory: Directory | null }> {
  if (deps.now() >= subject.expiresAt) return { holds: false, directory: null };
  const { record: person, directory } = await passengerFound(deps, subject.passengerId);
  if (!person || person.state !== ORDER_STATE.paid) return { holds: false, directory };
  const holds = subject.legs.every((one) => {
    const row = person.pickups.find((pickup) => pickup.leg === one.leg);
    if (!row || row.runId !== one.runId) return false;
    const now = subjectLeg(row, one.runId);
    return now.published.getTime() === one.published.getTime() && now.publishedArrival?.getTime() === one.publishedArrival?.getTime();
  });
  return { holds, directory };
}

/** How often the open streams ask whether their links still hold (from the dates' directories: no query of their own). */
export const RECHECK_MS = 5_000;

/** Per app: the open streams' links and how each ends, checked together by one timer. */
const openLinks = new WeakMap<ShopContext, { links: Map<TrackingSubject, () => void>; timer: NodeJS.Timeout }>();

/**
 * Ends the stream (`end`) once its link no longer holds (`trackingStillOpen`), checked every RECHECK_MS with every
 * other open stream of the app by one timer, one link after the other: thousands of streams each with a timer of
 * its own were thousands of timers and promise chains every few seconds. A link found holding by a directory that is
 * still its date's current one, and not yet expired, is not judged again until that directory is read anew (every
 * DIRECTORY_MS): the same rows give the same answer, and 5,000 open pages were 1,000 checks a second. A failed read
 * (the database away) ends nothing: the next check asks again. Answers the stop.
 */
export function endWhenClosed(deps: ShopContext, subject: TrackingSubject, end: () => void): () => void {
  let open = openLinks.get(deps);
  if (!open) {
    const links = new Map<TrackingSubject, () => void>();
    /** The directory each link was last found holding by. */
    const heldBy = new WeakMap<TrackingSubject, Directory>();
    let checking = false;
    const timer = setInterval(() => {
      if (checking) return;
      checking = true;
      void (async () => {
        const now = deps.now().getTime();
        for (const [one, ends] of [...links]) {
          if (!links.has(one)) continue;
          const held = heldBy.get(one);
          if (held && now < one.expiresAt.getTime() && stillCurrent(deps, held, now)) continue;
          const { holds, directory } = await linkCheck(deps, one).catch(() => ({ holds: true, directory: null }));
          if (holds && directory) heldBy.set(one, directory);
          else heldBy.delete(one);
          if (!holds && links.delete(one)) ends();
        }
      })().finally(() => (checking = false));
    }, RECHECK_MS);
    timer.unref();
    openLinks.set(deps, (open = { links, timer }));
  }
  const mine = open;
  mine.links.set(subject, end);
  return () => {
    mine.links.delete(subject);
    if (mine.links.size === 0 && openLinks.get(deps) === mine) {
      clearInterval(mine.timer);
      openLinks.delete(deps);
    }
  };
}

/** The passenger of a valid link and the frames of their runs; refuses as the module says. */
export async function trackingSubject(
  deps: ShopContext,
  token: string,
  locale: Locale,
  frameOf: (runId: number) => Promise<RunFrame | null>,
): Promise<{ subject: TrackingSubject; frames: RunFrame[] }> {
  const passengerId = passengerOfToken(deps.auth.signer, token);
  if (passengerId === null) throw new ShopError("tracking_link_invalid");
  const person = await passengerRecord(deps, passengerId);
  if (!person || person.state !== ORDER_STATE.paid) throw new ShopError("tracking_link_invalid");
  const published = person.pickups;
  const legs: (SubjectLeg & { frame: RunFrame })[] = [];
  for (const leg of LEGS) {
    const row = published.find((one) => one.leg === leg);
    if (!row || row.runId === null) continue;
    const frame = await frameOf(row.runId);
    if (frame && frame.run.stops.some((stop) => stop.groups.some((group) => group.passengerIds.includes(passengerId)))) legs.push({ ...subjectLeg(row, row.runId), frame });
  }
  if (legs.length === 0) throw new ShopError("tracking_link_invalid");
  // The last drop-off: at home coming back (the stop's time), at the venue going out (the run's arrival).
  const dropOffs = legs.map(({ leg, frame }) =>
    leg === LEG.return ? Math.max(...frame.run.stops.filter((stop) => stop.groups.some((group) => group.passengerIds.includes(passengerId))).map((stop) => stop.time.getTime())) : frame.run.arrivesAt.getTime(),
  );
  const expiresAt = new Date(Math.max(...dropOffs) + TRACKING_AFTER_DROP_OFF_MS);
  if (deps.now() >= expiresAt) throw new ShopError("tracking_link_expired");
  const { day, venue } = legs[0]!.frame;
  return {
    subject: {
      passengerId,
      firstName: person.name.trim().split(/\s+/)[0] ?? "",
      legs: legs.map(({ frame: _frame, ...leg }) => leg),
      eventName: pick(day.translations, locale)?.name ?? "",
      venue: { name: day.venue.name, ...venue },
      timeZone: timeZoneOf(day.countryCode),
      expiresAt,
    },
    frames: legs.map((one) => one.frame),
  };
}

/** What of a leg every passenger of the stop shares: the van and their stop, nobody else's. */
type SharedLeg = Pick<TrackingLeg, "leg" | "vehicle" | "driverFirstName" | "van" | "stop" | "venueExpected">;
function legView(run: LiveRun, leg: Leg, stop: LiveRun["stops"][number]): SharedLeg {
  return {
    leg,
    vehicle: run.vehicle,
    driverFirstName: run.driver?.firstName ?? null,
    van: run.position,
    stop: { address: stop.address, lat: stop.lat, lon: stop.lon, done: stop.done },
    venueExpected: run.venueExpected,
  };
}

/** What of a leg is the passenger's own: its one state, what they were told, and whether they are aboard. */
type OwnLeg = Omit<TrackingLeg, keyof SharedLeg>;
function ownLeg(deps: ShopContext, subject: TrackingSubject, one: SubjectLeg, run: LiveRun, stop: LiveRun["stops"][number], passenger: PassengerState): OwnLeg {
  const { state, expected, delayMinutes } = legState({
    leg: one.leg,
    passenger,
    run,
    stop,
    venue: subject.venue,
    published: one.published,
    publishedArrival: one.publishedArrival,
    now: deps.now(),
  });
  return {
    state,
    published: one.published.toISOString(),
    publishedArrival: one.publishedArrival?.toISOString() ?? null,
    expected,
    delayMinutes,
    aboard: passenger === PASSENGER_STATE.boarded,
  };
}

/** The page's answer from the runs' live states: the passenger's own stop and the van, nothing else. */
export function trackingView(deps: ShopContext, subject: TrackingSubject, runs: ReadonlyMap<number, LiveRun>): Tracking {
  const legs: TrackingLeg[] = [];
  for (const one of subject.legs) {
    const run = runs.get(one.runId);
    const own = run?.riders.find((candidate) => candidate.passengerId === subject.passengerId);
    const stop = own ? run!.stops[own.stop] : undefined;
    if (!run || !own || !stop) continue;
    legs.push({ ...legView(run, one.leg, stop), ...ownLeg(deps, subject, one, run, stop, own.state) });
  }
  return {
    firstName: subject.firstName,
    eventName: subject.eventName,
    venue: subject.venue,
    timeZone: subject.timeZone,
    legs,
    expiresAt: subject.expiresAt.toISOString(),
  };
}

/** What every listener of a run shares in one live state: each passenger's stop and record, each leg and stop's part. */
interface RunParts {
  passengers: Map<number, { stop: number; state: PassengerState }>;
  /** `leg stop` -> the leg's shared JSON, open for the passenger's own fields. */
  legs: Map<string, string>;
  /**
   * `leg stop state published publishedArrival` -> the passenger's own fields' JSON (without its opening brace): the
   * passengers of a stop told the same times share it, so a new position is decided and serialised once per stop,
   * not once per listener. Its clock is the first listener's of the live state (milliseconds apart).
   */
  own: Map<string, string>;
}
const partsOfRun = new WeakMap<LiveRun, RunParts>();

function runParts(run: LiveRun): RunParts {
  let parts = partsOfRun.get(run);
  if (!parts) {
    const passengers = new Map(run.riders.map((one): [number, { stop: number; state: PassengerState }] => [one.passengerId, { stop: one.stop, state: one.state }]));
    partsOfRun.set(run, (parts = { passengers, legs: new Map(), own: new Map() }));
  }
  return parts;
}

/** The leg's shared JSON as `trackingView` writes it, without its closing brace. */
function legPart(run: LiveRun, parts: RunParts, leg: Leg, stopIndex: number): string | null {
  const key = `${leg} ${stopIndex}`;
  let part = parts.legs.get(key);
  if (part === undefined) {
    const stop = run.stops[stopIndex];
    if (!stop) return null;
    part = JSON.stringify(legView(run, leg, stop)).slice(0, -1);
    parts.legs.set(key, part);
  }
  return part;
}

/**
 * A stream's renderer: the JSON of `trackingView` for the runs' live states, given in the order of the subject's
 * legs (null until every leg's is known), made from the parts every listener of the run shares (serialised once per
 * live state) and the passenger's own few fields. It keeps only what it writes: a stream is open for hours,
 * thousands at once.
 */
export function trackingRenderer(deps: ShopContext, subject: TrackingSubject): (runs: readonly (LiveRun | undefined)[]) => string | null {
  const { legs: _legs, expiresAt: _expiresAt, ...head } = trackingView(deps, subject, new Map());
  const opening = `${JSON.stringify(head).slice(0, -1)},"legs":[`;
  const closing = `],"expiresAt":${JSON.stringify(subject.expiresAt.toISOString())}}`;
  const { passengerId } = subject;
  return (runs) => {
    let written = "";
    for (const [index, one] of subject.legs.entries()) {
      const run = runs[index];
      if (!run) return null;
      const parts = runParts(run);
      const mine = parts.passengers.get(passengerId);
      const part = mine ? legPart(run, parts, one.leg, mine.stop) : null;
      if (!mine || part === null) continue;
      const key = `${one.leg} ${mine.stop} ${mine.state} ${one.published.getTime()} ${one.publishedArrival?.getTime() ?? ""}`;
      let own = parts.own.get(key);
      if (own === undefined) parts.own.set(key, (own = JSON.stringify(ownLeg(deps, subject, one, run, run.stops[mine.stop]!, mine.state)).slice(1)));
      written += `${written ? "," : ""}${part},${own}`;
    }
    return `${opening}${written}${closing}`;
  };
}

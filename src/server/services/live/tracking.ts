/**
 * What a passenger's tracking link shows (GET /shop-api/tracking/{token} and its event stream): for each published
 * leg of their trip, the van's plate, the driver's first name, the van's last position, the live expected time at
 * their own stop and whether they are aboard. Nothing about the other passengers: no names, no addresses, no other
 * stops. The link answers until an hour after the passenger's last drop-off (home coming back, the venue going
 * out), then `tracking_link_expired`; a link the shop did not sign, or a passenger of an unpaid order or of no
 * published run, is `tracking_link_invalid`.
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
import { RIDER_STATE } from "../../../shared/domain/dispatch";
import { ShopError } from "../../../shared/domain/shop-error";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { LiveRun, Tracking, TrackingLeg } from "../../../shared/schemas/answers/live";
import type { ShopContext } from "../../context";
import { orders, passengers, publishedPickups, tickets } from "../../db/schema";
import { pick } from "../catalogue/rows";
import { dispatchSettings } from "../dispatch/settings";
import type { RunFrame } from "./live-state";
import { passengerOfToken } from "../notices/tracking-link";

/** How long the link answers after the passenger's last drop-off. */
export const TRACKING_AFTER_DROP_OFF_MS = 3_600_000;

/** Who a tracking link is for and which runs carry them: read once per page or stream. */
export interface TrackingSubject {
  passengerId: number;
  firstName: string;
  legs: { leg: Leg; runId: number }[];
  eventName: string;
  venue: { name: string; lat: number; lon: number };
  timeZone: string;
  expiresAt: Date;
}

/** What a link's passenger is, as the passenger's and order's rows and the published pick-ups say. */
interface PassengerRecord {
  name: string;
  state: OrderState;
  pickups: { leg: Leg; runId: number | null }[];
}

/** How long an event date's directory of passengers answers before it is read again (the live feed's frames: 15 s). */
const DIRECTORY_MS = 15_000;
type Directory = Map<number, PassengerRecord>;
/** Per app: each event date's directory, as read (or being read) at `at` (Date.now()). */
const directories = new WeakMap<ShopContext, Map<number, { at: number; passengers: Promise<Directory | null> }>>();

function recordsOf(rows: { passengerId: number; name: string; state: OrderState; leg: Leg | null; runId: number | null }[]): Directory {
  const records: Directory = new Map();
  for (const row of rows) {
    let record = records.get(row.passengerId);
    if (!record) records.set(row.passengerId, (record = { name: row.name, state: row.state, pickups: [] }));
    if (row.leg !== null) record.pickups.push({ leg: row.leg, runId: row.runId });
  }
  return records;
}

/** Every passenger with a published pick-up on the event date: one query. */
async function readDirectory(deps: ShopContext, eventDateId: number): Promise<Directory> {
  const rows = await deps.db
    .select({ passengerId: passengers.id, name: passengers.name, state: orders.state, leg: publishedPickups.leg, runId: publishedPickups.runId })
    .from(publishedPickups)
    .innerJoin(passengers, eq(passengers.id, publishedPickups.passengerId))
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(publishedPickups.eventDateId, eventDateId));
  return recordsOf(rows);
}

/** The passenger from a fresh directory that has them, else read on their own (their date's directory read next). */
async function passengerRecord(deps: ShopContext, passengerId: number): Promise<PassengerRecord | null> {
  let days = directories.get(deps);
  if (!days) directories.set(deps, (days = new Map()));
  const now = Date.now();
  for (const [eventDateId, day] of days) {
    if (now - day.at >= DIRECTORY_MS) {
      days.delete(eventDateId);
      continue;
    }
    const found = (await day.passengers)?.get(passengerId);
    if (found) return found;
  }
  const rows = await deps.db
    .select({ passengerId: passengers.id, name: passengers.name, state: orders.state, leg: publishedPickups.leg, runId: publishedPickups.runId, eventDateId: publishedPickups.eventDateId })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(publishedPickups, eq(publishedPickups.passengerId, passengers.id))
    .where(eq(passengers.id, passengerId));
  for (const eventDateId of new Set(rows.map((row) => row.eventDateId))) {
    if (eventDateId === null || days.has(eventDateId)) continue;
    // Read once for the links of the date opened next (a failed read leaves them to be read one by one).
    days.set(eventDateId, { at: Date.now(), passengers: readDirectory(deps, eventDateId).catch(() => null) });
  }
  return recordsOf(rows).get(passengerId) ?? null;
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
  const legs: { leg: Leg; runId: number; frame: RunFrame }[] = [];
  for (const leg of LEGS) {
    const row = published.find((one) => one.leg === leg);
    if (!row || row.runId === null) continue;
    const frame = await frameOf(row.runId);
    if (frame && frame.run.stops.some((stop) => stop.groups.some((group) => group.passengerIds.includes(passengerId)))) legs.push({ leg, runId: row.runId, frame });
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
      legs: legs.map(({ leg, runId }) => ({ leg, runId })),
      eventName: pick(day.translations, locale)?.name ?? "",
      venue: { name: day.venue.name, ...venue },
      timeZone: timeZoneOf(day.countryCode),
      expiresAt,
    },
    frames: legs.map((one) => one.frame),
  };
}

/** A leg as the passenger sees it, but for whether they are aboard: the van and their own stop, nobody else's. */
function legView(run: LiveRun, leg: Leg, stop: LiveRun["stops"][number]): Omit<TrackingLeg, "aboard"> {
  return {
    leg,
    vehicle: run.vehicle,
    driverFirstName: run.driver?.firstName ?? null,
    van: run.position,
    stop: { address: stop.address, lat: stop.lat, lon: stop.lon, planned: stop.planned, expected: stop.expected, delayMinutes: stop.delayMinutes, done: stop.done },
    venueExpected: run.venueExpected,
  };
}

/** The page's answer from the runs' live states: the passenger's own stop and the van, nothing else. */
export function trackingView(deps: ShopContext, subject: TrackingSubject, runs: ReadonlyMap<number, LiveRun>): Tracking {
  const legs: TrackingLeg[] = [];
  for (const { leg, runId } of subject.legs) {
    const run = runs.get(runId);
    const rider = run?.riders.find((one) => one.passengerId === subject.passengerId);
    const stop = rider ? run!.stops[rider.stop] : undefined;
    if (!run || !rider || !stop) continue;
    legs.push({ ...legView(run, leg, stop), aboard: rider.state === RIDER_STATE.boarded });
  }
  return {
    firstName: subject.firstName,
    eventName: subject.eventName,
    venue: subject.venue,
    timeZone: subject.timeZone,
    legs,
    expiresAt: subject.expiresAt.toISOString(),
    tileUrl: dispatchSettings(deps.env).tileUrl,
  };
}

/** What every listener of a run shares in one live state: each rider's stop and record, each leg and stop's part. */
interface RunParts {
  riders: Map<number, { stop: number; aboard: boolean }>;
  /** `leg stop` -> the leg's JSON up to its `aboard` (which is the passenger's own). */
  legs: Map<string, string>;
}
const partsOfRun = new WeakMap<LiveRun, RunParts>();

function runParts(run: LiveRun): RunParts {
  let parts = partsOfRun.get(run);
  if (!parts) {
    const riders = new Map(run.riders.map((rider): [number, { stop: number; aboard: boolean }] => [rider.passengerId, { stop: rider.stop, aboard: rider.state === RIDER_STATE.boarded }]));
    partsOfRun.set(run, (parts = { riders, legs: new Map() }));
  }
  return parts;
}

/** The leg's JSON as `trackingView` writes it, without its closing `"aboard":…}`. */
function legPart(run: LiveRun, parts: RunParts, leg: Leg, stopIndex: number): string | null {
  const key = `${leg} ${stopIndex}`;
  let part = parts.legs.get(key);
  if (part === undefined) {
    const stop = run.stops[stopIndex];
    if (!stop) return null;
    part = `${JSON.stringify(legView(run, leg, stop)).slice(0, -1)},"aboard":`;
    parts.legs.set(key, part);
  }
  return part;
}

/**
 * A stream's renderer: the JSON of `trackingView` for the runs' live states, given in the order of the subject's
 * legs (null until every leg's is known), made from the passenger's own parts (serialised once per stream) and the
 * parts every listener of the run shares (once per live state). It keeps only what it writes: a stream is open for
 * hours, thousands at once.
 */
export function trackingRenderer(deps: ShopContext, subject: TrackingSubject): (runs: readonly (LiveRun | undefined)[]) => string | null {
  const { legs: _legs, expiresAt: _expiresAt, tileUrl: _tileUrl, ...head } = trackingView(deps, subject, new Map());
  const opening = `${JSON.stringify(head).slice(0, -1)},"legs":[`;
  const closing = `],"expiresAt":${JSON.stringify(subject.expiresAt.toISOString())},"tileUrl":${JSON.stringify(dispatchSettings(deps.env).tileUrl)}}`;
  const { passengerId } = subject;
  const legs = subject.legs.map((one) => one.leg);
  return (runs) => {
    let written = "";
    for (const [index, leg] of legs.entries()) {
      const run = runs[index];
      if (!run) return null;
      const parts = runParts(run);
      const rider = parts.riders.get(passengerId);
      const part = rider ? legPart(run, parts, leg, rider.stop) : null;
      if (rider && part !== null) written += `${written ? "," : ""}${part}${rider.aboard}}`;
    }
    return `${opening}${written}${closing}`;
  };
}

/**
 * A passenger's boarding of a leg is one record (`boardings`), whoever saw it: the door's scanner or the driver's
 * phone (a tick or a scanned code) write it through this module alone, and the live view, the van manifest, the
 * order desk, the door's progress, the tracking page and the sales report read it. The first boarding stands (the
 * unique passenger-and-leg index settles two at once); a later scan is a repeat ("ya a bordo"). A driver's no-show
 * mark (`run_boardings`, state `no_show`) is a separate fact: boarding a passenger removes it (a no-show who turns
 * up late rides), and a passenger aboard cannot be marked a no-show.
 */
import { and, eq } from "drizzle-orm";
import { BOARDED, PASSENGER_STATE, type BoardedBy, type PassengerState } from "../../../shared/domain/dispatch";
import type { Leg } from "../../../shared/domain/legs";
import type { Db } from "../../db/client";
import { boardings, runBoardings, users } from "../../db/schema";
import { fullName } from "./ticket-holders";
import { anyId } from "../../db/id-lists";

/** A passenger's boarding of one leg as stored: the first that let them on. */
export interface StoredBoarding {
  id: number;
  passengerId: number;
  at: Date;
  staffId: number | null;
  staffName: string | null;
  nonce: string;
  by: BoardedBy;
}

/** One passenger boarding: who, on which ticket. */
export interface Boarder {
  passengerId: number;
  ticketId: number | null;
}

export async function storedBoardings(db: Db, passengerIds: readonly number[], leg: Leg): Promise<Map<number, StoredBoarding>> {
  if (passengerIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: boardings.id,
      passengerId: boardings.passengerId,
      at: boardings.createdAt,
      staffId: boardings.staffId,
      nonce: boardings.nonce,
      by: boardings.boardedBy,
      first: users.firstName,
      last: users.lastName,
    })
    .from(boardings)
    .leftJoin(users, eq(users.id, boardings.staffId))
    .where(and(anyId(boardings.passengerId, [...passengerIds]), eq(boardings.leg, leg)));
  return new Map(
    rows.map((row) => [
      row.passengerId,
      {
        id: row.id,
        passengerId: row.passengerId,
        at: new Date(row.at),
        staffId: row.staffId,
        nonce: row.nonce,
        by: row.by,
        staffName: row.first !== null && row.last !== null ? fullName({ firstName: row.first, lastName: row.last }) : null,
      },
    ]),
  );
}

/**
 * Writes the leg's boarding of each passenger who has none and drops their no-show marks of that leg; answers which
 * ones this call wrote and every one's (first) boarding. One statement: the unique (passenger, leg) index settles
 * a door and a driver boarding the same person at once.
 */
export async function recordBoardings(
  db: Db,
  entry: { orderId: number; boarding: readonly Boarder[]; leg: Leg; staffId: number; nonce: string; at: Date; by: BoardedBy },
): Promise<{ created: Set<number>; stored: Map<number, StoredBoarding> }> {
  if (entry.boarding.length === 0) return { created: new Set(), stored: new Map() };
  const written = await db
    .insert(boardings)
    .values(
      entry.boarding.map((passenger) => ({
        orderId: entry.orderId,
        ticketId: passenger.ticketId,
        passengerId: passenger.passengerId,
        leg: entry.leg,
        staffId: entry.staffId,
        nonce: entry.nonce,
        createdAt: entry.at,
        boardedBy: entry.by,
      })),
    )
    .onConflictDoNothing({ target: [boardings.passengerId, boardings.leg] })
    .returning({ passengerId: boardings.passengerId });
  const ids = entry.boarding.map((passenger) => passenger.passengerId);
  await db.delete(runBoardings).where(and(eq(runBoardings.leg, entry.leg), anyId(runBoardings.passengerId, ids)));
  const stored = await storedBoardings(db, ids, entry.leg);
  return { created: new Set(written.map((row) => row.passengerId)), stored };
}

/** An offline door's earlier scan takes the standing boarding's place (the row keeps its id, which a conflict names). */
export async function replaceBoarding(db: Db, id: number, kept: { at: Date; staffId: number | null; nonce: string }): Promise<void> {
  await db.update(boardings).set({ createdAt: kept.at, staffId: kept.staffId, nonce: kept.nonce, boardedBy: BOARDED.door }).where(eq(boardings.id, id));
}

/**
 * Marks a passenger a no-show on a leg, unless they are aboard (then false: a mark never undoes a boarding, and a
 * boarding that lands at the same moment still wins, since readers put a boarding before a mark). A second mark of
 * the same passenger keeps the first one's time.
 */
export async function recordNoShow(db: Db, entry: { passengerId: number; leg: Leg; driverId: number; at: Date; nonce: string }): Promise<boolean> {
  const [aboard] = await db
    .select({ id: boardings.id })
    .from(boardings)
    .where(and(eq(boardings.passengerId, entry.passengerId), eq(boardings.leg, entry.leg)))
    .limit(1);
  if (aboard) return false;
  await db
    .insert(runBoardings)
    .values({ passengerId: entry.passengerId, leg: entry.leg, state: PASSENGER_STATE.noShow, driverId: entry.driverId, at: entry.at, nonce: entry.nonce })
    .onConflictDoNothing();
  return true;
}

/** Each passenger's state on a leg: aboard (with who saw it), a no-show, or waiting (no record). */
export async function boardingStates(db: Db, leg: Leg, passengerIds: readonly number[]): Promise<Map<number, { state: PassengerState; by: BoardedBy | null; at: Date }>> {
  const states = new Map<number, { state: PassengerState; by: BoardedBy | null; at: Date }>();
  if (passengerIds.length === 0) return states;
  const ids = [...passengerIds];
  const [marked, boarded] = await Promise.all([
    db.select({ passengerId: runBoardings.passengerId, at: runBoardings.at }).from(runBoardings).where(and(eq(runBoardings.leg, leg), anyId(runBoardings.passengerId, ids))),
    db.select({ passengerId: boardings.passengerId, by: boardings.boardedBy, at: boardings.createdAt }).from(boardings).where(and(eq(boardings.leg, leg), anyId(boardings.passengerId, ids))),
  ]);
  for (const row of marked) states.set(row.passengerId, { state: PASSENGER_STATE.noShow, by: null, at: row.at });
  for (const row of boarded) states.set(row.passengerId, { state: PASSENGER_STATE.boarded, by: row.by, at: row.at });
  return states;
}

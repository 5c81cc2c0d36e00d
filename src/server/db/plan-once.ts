/**
 * Which pool runs a pool's `planOnce` statements (db/statements.ts `runStatement`): a pool of its own on the same
 * database whose connections keep one plan per named statement (opened with `genericPlans`, db/pg-driver.ts). The
 * database client pairs them as it opens a PostgreSQL database; the statements' runner asks here. A module of its
 * own so that neither of those two imports the other.
 */
import type pg from "pg";

const planOncePools = new WeakMap<pg.Pool, pg.Pool>();

/** Runs the statements given `planOnce` for `pool` on `planned`. */
export function planOnceOn(pool: pg.Pool, planned: pg.Pool): void {
  planOncePools.set(pool, planned);
}

/** The pool that runs `pool`'s `planOnce` statements, when one was given. */
export function planOncePoolOf(pool: pg.Pool): pg.Pool | undefined {
  return planOncePools.get(pool);
}

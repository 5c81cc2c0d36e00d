/**
 * The outbox's lanes: an on-sale's backlog is delivered by several lanes in one process and by several processes on
 * one database at once, and still every job runs exactly once (each lane claims its own rows, `SKIP LOCKED` and
 * the lease keep the others off them).
 */
import { isNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { outbox } from "../../src/server/db/schema";
import type { Database } from "../../src/server/db/client";
import { createOutbox } from "../../src/server/outbox/worker";
import { openTestDatabase } from "../helpers/test-database";

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe("the outbox's lanes", () => {
  it("deliver a backlog of 60 jobs through two processes of four lanes each, every job once", { timeout: 90_000 }, async () => {
    database = await openTestDatabase();
    const { db } = database;
    await db.insert(outbox).values(Array.from({ length: 60 }, (_, index) => ({ kind: "bench.job", payload: { index } })));
    const runs = new Map<number, number>();
    let running = 0;
    let mostAtOnce = 0;
    const deliver = async (_kind: string, payload: unknown) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const { index } = payload as { index: number };
      runs.set(index, (runs.get(index) ?? 0) + 1);
      running -= 1;
    };
    const env = { OUTBOX_LEASE_SECONDS: 60, OUTBOX_CONCURRENCY: 4 };
    const one = createOutbox({ db, env, now: () => new Date() }, deliver);
    const other = createOutbox({ db, env, now: () => new Date() }, deliver);
    one.acceptWakes();
    other.acceptWakes();
    // Both processes start polling at once, as two shop processes do when an on-sale's orders arrive.
    one.start();
    other.start();
    for (let wait = 0; wait < 300 && runs.size < 60; wait += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    one.stop();
    other.stop();
    await one.drain();
    await other.drain();

    expect(runs.size).toBe(60);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    // More than one job was being delivered at a time.
    expect(mostAtOnce).toBeGreaterThan(1);
    // Every row is marked done.
    expect(await db.$count(outbox, isNull(outbox.doneAt))).toBe(0);
  });

  it("a slow delivery keeps its lease, and a row whose lease ran out while it waited its turn is not mailed twice", { timeout: 90_000 }, async () => {
    database = await openTestDatabase();
    const { db } = database;
    await db.insert(outbox).values(Array.from({ length: 5 }, (_, index) => ({ kind: "bench.job", payload: { index } })));
    const runs = new Map<number, number>();
    // Each job takes longer than the whole one-second lease, as a confirmation with its PDF does on a busy machine.
    const deliver = async (_kind: string, payload: unknown) => {
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      const { index } = payload as { index: number };
      runs.set(index, (runs.get(index) ?? 0) + 1);
    };
    const env = { OUTBOX_LEASE_SECONDS: 1, OUTBOX_CONCURRENCY: 1 };
    const one = createOutbox({ db, env, now: () => new Date() }, deliver);
    const other = createOutbox({ db, env, now: () => new Date() }, deliver);
    // The first process claims all five; the second keeps polling while the first works through them.
    const first = one.drain();
    let polling = true;
    const second = (async () => {
      while (polling) {
        await other.drain();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await first;
    polling = false;
    await second;
    await other.drain();

    expect([...runs.keys()].sort()).toEqual([0, 1, 2, 3, 4]);
    expect([...runs.values()]).toEqual([1, 1, 1, 1, 1]);
    expect(await db.$count(outbox, isNull(outbox.doneAt))).toBe(0);
  });
});

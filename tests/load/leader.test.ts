/**
 * One leader across the shop's processes (src/server/outbox/leader.ts): two pools on one PostgreSQL database
 * stand for two processes; only one runs the leader's work at a time, and when it stops (or its session dies,
 * as when its process is killed) the other takes over. PostgreSQL only: PGlite is one process, always leading.
 */
import { randomBytes } from "node:crypto";
import type { Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/server/db/client";
import { electLeader, LEADER_LOCK_KEY, type Leadership } from "../../src/server/outbox/leader";

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) console.warn("tests/load/leader.test.ts skipped: set DATABASE_URL (PostgreSQL) to run it.");

const RETRY_MS = 100;
let first: Database;
let second: Database;
let dropDatabase: () => Promise<void> = async () => {};
let admin: Sql | undefined;

const until = async (condition: () => boolean | Promise<boolean>, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((done) => setTimeout(done, 25));
  }
};

/** A stand-in for the sweeper: counts how many processes run it right now. */
function sweeper(running: Set<string>, name: string) {
  return () => {
    running.add(name);
    return () => running.delete(name);
  };
}

beforeAll(async () => {
  if (!serverUrl) return;
  const { default: postgres } = await import("postgres");
  admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `shop_test_leader_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  first = await openDatabase({ url: url.toString(), max: 3 });
  second = await openDatabase({ url: url.toString(), max: 3 });
  dropDatabase = async () => {
    await admin!.unsafe(`drop database if exists "${name}" with (force)`);
  };
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await dropDatabase();
  await admin?.end({ timeout: 5 });
});

describe.skipIf(!serverUrl)("the leader of processes on one PostgreSQL", () => {
  it("runs the sweeper in one process only, and in the other once the first stops", async () => {
    const running = new Set<string>();
    const a = electLeader(first.db, { retryMs: RETRY_MS, onElected: sweeper(running, "a") });
    await until(() => a.isLeader());
    const b = electLeader(second.db, { retryMs: RETRY_MS, onElected: sweeper(running, "b") });
    await new Promise((done) => setTimeout(done, RETRY_MS * 5));
    expect([...running]).toEqual(["a"]);
    expect(b.isLeader()).toBe(false);

    await a.stop();
    expect(running.has("a")).toBe(false);
    await until(() => b.isLeader());
    expect([...running]).toEqual(["b"]);
    await b.stop();
    expect(running.size).toBe(0);
  });

  it("takes over when the leader's session dies, and the old leader stops its work", async () => {
    const running = new Set<string>();
    const leaders: Leadership[] = [
      electLeader(first.db, { retryMs: RETRY_MS, onElected: sweeper(running, "a") }),
      electLeader(second.db, { retryMs: RETRY_MS, onElected: sweeper(running, "b") }),
    ];
    await until(() => running.size === 1);
    const [leader] = [...running];
    // What PostgreSQL does when the leader's process is killed: its session ends and the lock goes with it.
    await admin!`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = ${LEADER_LOCK_KEY} and granted`;
    await until(() => running.size === 1 && !running.has(leader!));
    expect(leaders.filter((one) => one.isLeader())).toHaveLength(1);
    await Promise.all(leaders.map((one) => one.stop()));
    expect(running.size).toBe(0);
  });
});

import type pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readFallback, type ReadFallback } from "./read-fallback";

/** A stand-in for a node-postgres pool: `query` answers `{ rows }`, or fails with `error`. */
function fakeServer(name: string) {
  const server = {
    error: null as (Error & { code?: string }) | null,
    asked: [] as string[],
    caughtUp: true,
    connected: 0,
    query(config: string | { text: string }) {
      const text = typeof config === "string" ? config : config.text;
      server.asked.push(text);
      if (server.error) return Promise.reject(server.error);
      if (text.includes("pg_current_wal_lsn")) return Promise.resolve({ rows: [{ lsn: "0/10" }] });
      if (text.includes("pg_last_wal_replay_lsn")) return Promise.resolve({ rows: [{ back: server.caughtUp }] });
      return Promise.resolve({ rows: [{ from: name }] });
    },
    connect() {
      server.connected += 1;
      return Promise.resolve({ name });
    },
  };
  return server;
}

const refused = () => Object.assign(new Error("connect ECONNREFUSED 10.0.0.2:5432"), { code: "ECONNREFUSED" });
const lost = () => new Error("Connection terminated unexpectedly");
let reads: ReadFallback | undefined;
const ask = async (config: string | { text: string; rowMode?: string }) => ((await reads!.client.query(config as string)) as unknown as { rows: unknown[] }).rows;

afterEach(() => {
  reads?.close();
  vi.restoreAllMocks();
});

describe("catalogue reads when the replica is down", () => {
  it("reads the replica while it answers, the primary when it does not, and the replica again once it is back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const replica = fakeServer("replica");
    const primary = fakeServer("primary");
    reads = readFallback(replica as unknown as pg.Pool, primary as unknown as pg.Pool, { retryMs: 10 });
    expect(await ask("select 1")).toEqual([{ from: "replica" }]);
    expect(await ask({ text: "select 1", rowMode: "array" })).toEqual([{ from: "replica" }]);

    replica.error = refused();
    expect(await ask("select 1")).toEqual([{ from: "primary" }]);
    expect(reads.onReplica()).toBe(false);
    // While it is down, reads go to the primary without asking the replica first, and so do transactions.
    const askedBefore = replica.asked.filter((text) => text === "select 1").length;
    expect(await ask({ text: "select 1" })).toEqual([{ from: "primary" }]);
    expect(replica.asked.filter((text) => text === "select 1").length).toBe(askedBefore);
    expect(await reads.client.connect()).toEqual({ name: "primary" });

    // Back, but behind the primary: the reads stay on the primary until it has caught up.
    replica.error = null;
    replica.caughtUp = false;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(reads.onReplica()).toBe(false);
    replica.caughtUp = true;
    await vi.waitFor(() => expect(reads!.onReplica()).toBe(true));
    expect(await ask("select 1")).toEqual([{ from: "replica" }]);
  });

  it("a connection to the replica lost mid-statement sends the read to the primary", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const replica = fakeServer("replica");
    const primary = fakeServer("primary");
    reads = readFallback(replica as unknown as pg.Pool, primary as unknown as pg.Pool, { retryMs: 10_000 });
    replica.error = lost();
    expect(await ask("select 1")).toEqual([{ from: "primary" }]);
    expect(reads.onReplica()).toBe(false);
  });

  it("a statement the replica refuses is not sent again to the primary", async () => {
    const replica = fakeServer("replica");
    const primary = fakeServer("primary");
    reads = readFallback(replica as unknown as pg.Pool, primary as unknown as pg.Pool, { retryMs: 10 });
    replica.error = Object.assign(new Error('relation "nope" does not exist'), { code: "42P01" });
    await expect(ask("select * from nope")).rejects.toMatchObject({ code: "42P01" });
    expect(primary.asked).toEqual([]);
    expect(reads.onReplica()).toBe(true);
  });
});

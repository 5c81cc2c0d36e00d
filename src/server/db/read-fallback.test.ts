import type { Sql } from "postgres";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readFallback, type ReadFallback } from "./read-fallback";

/** A stand-in for a postgres.js client: `unsafe` answers `rows` (as values with `.values()`), or fails with `error`. */
function fakeServer(name: string) {
  const server = {
    error: null as (Error & { code?: string }) | null,
    asked: [] as string[],
    caughtUp: true,
    unsafe(text: string) {
      server.asked.push(text);
      const answer = () => {
        if (server.error) return Promise.reject(server.error);
        if (text.includes("pg_current_wal_lsn")) return Promise.resolve([{ lsn: "0/10" }]);
        if (text.includes("pg_last_wal_replay_lsn")) return Promise.resolve([{ back: server.caughtUp }]);
        return Promise.resolve([{ from: name }]);
      };
      let values = false;
      const pending = {
        values() {
          values = true;
          return pending;
        },
        then(resolve: (value: unknown) => unknown, reject: (error: unknown) => unknown) {
          return answer()
            .then((rows) => (values ? rows.map((row) => Object.values(row)) : rows))
            .then(resolve, reject);
        },
      };
      return pending;
    },
    options: { parsers: {}, serializers: {} },
  };
  return server;
}

const refused = () => Object.assign(new Error("connect ECONNREFUSED 10.0.0.2:5432"), { code: "ECONNREFUSED" });
let reads: ReadFallback | undefined;

afterEach(() => {
  reads?.close();
  vi.restoreAllMocks();
});

describe("catalogue reads when the replica is down", () => {
  it("reads the replica while it answers, the primary when it does not, and the replica again once it is back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const replica = fakeServer("replica");
    const primary = fakeServer("primary");
    reads = readFallback(replica as unknown as Sql, primary as unknown as Sql, { retryMs: 10 });
    expect(await reads.client.unsafe("select 1")).toEqual([{ from: "replica" }]);
    expect(await (reads.client.unsafe("select 1") as unknown as { values(): Promise<unknown> }).values()).toEqual([["replica"]]);

    replica.error = refused();
    expect(await reads.client.unsafe("select 1")).toEqual([{ from: "primary" }]);
    expect(reads.onReplica()).toBe(false);
    // While it is down, reads go to the primary without asking the replica first.
    const askedBefore = replica.asked.filter((text) => text === "select 1").length;
    expect(await (reads.client.unsafe("select 1") as unknown as { values(): Promise<unknown> }).values()).toEqual([["primary"]]);
    expect(replica.asked.filter((text) => text === "select 1").length).toBe(askedBefore);

    // Back, but behind the primary: the reads stay on the primary until it has caught up.
    replica.error = null;
    replica.caughtUp = false;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(reads.onReplica()).toBe(false);
    replica.caughtUp = true;
    await vi.waitFor(() => expect(reads!.onReplica()).toBe(true));
    expect(await reads.client.unsafe("select 1")).toEqual([{ from: "replica" }]);
  });

  it("a statement the replica refuses is not sent again to the primary", async () => {
    const replica = fakeServer("replica");
    const primary = fakeServer("primary");
    reads = readFallback(replica as unknown as Sql, primary as unknown as Sql, { retryMs: 10 });
    replica.error = Object.assign(new Error('relation "nope" does not exist'), { code: "42P01" });
    await expect(reads.client.unsafe("select * from nope")).rejects.toMatchObject({ code: "42P01" });
    expect(primary.asked).toEqual([]);
    expect(reads.onReplica()).toBe(true);
  });
});

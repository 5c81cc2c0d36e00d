/**
 * Catalogue reads from a replica (DATABASE_READ_URL): the catalogue, the search, reports and exports are read there,
 * and an answer the replica gave while it still lagged behind a change is not kept once it has replayed that change.
 * A replica that is down or out of reach sends the reads to the primary until it answers again.
 * Needs DATABASE_URL (PostgreSQL: a replica copies a PostgreSQL primary); skipped without.
 */
import { createServer, Socket, type Server } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { throwAwayDatabase, type ThrowAwayDatabase } from "../../scripts/lib/throw-away-database";
import { createApp } from "../../src/server/app";
import type { CatalogueChange } from "../../src/server/change-feed/change-feed";
import { CATALOGUE_CHANNEL, relayListening } from "../../src/server/change-feed/change-relay";
import { openDatabase, type Database } from "../../src/server/db/client";
import type { ReplicaWatch } from "../../src/server/db/replica";
import { events } from "../../src/server/db/schema";
import { parseEnv } from "../../src/server/env";
import { seedDemoData } from "../../src/server/seed";
import type { EventListItem } from "../../src/shared/types/catalogue";

const serverUrl = process.env.DATABASE_URL;
const JWT_SECRET = "read-replica-test-secret-that-is-long-enough";
const LIST = "/api/events?type=1&country-code=CO";
const SLUG = "rock-al-parque";

/** A replica whose replay the test decides: changes wait until `catchUp`. */
function heldReplica(): ReplicaWatch & { catchUp(): void; waiting(): number } {
  let waiters: (() => void)[] = [];
  return {
    whenReplayed(_lsn, then) {
      waiters.push(then);
    },
    close() {
      waiters = [];
    },
    catchUp() {
      const due = waiters;
      waiters = [];
      for (const then of due) then();
    },
    waiting: () => waiters.length,
  };
}

/**
 * The replica's address, standing in front of a database of the server: while `down`, it refuses connections and
 * has cut those it carried, as a replica that stopped would.
 */
async function replicaDoor(database: string) {
  const target = new URL(serverUrl!);
  const open = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const up = () =>
    new Promise<void>((resolve) => {
      server = createServer((inbound) => {
        const outbound = new Socket();
        outbound.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [inbound, outbound]) {
          open.add(socket);
          socket.on("close", () => open.delete(socket));
          socket.on("error", () => {
            inbound.destroy();
            outbound.destroy();
          });
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      server?.close(() => resolve());
    });
  await up();
  const url = new URL(serverUrl!);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  url.pathname = `/${database}`;
  return { url: url.toString(), up, down };
}

const slugsOf = async (app: ReturnType<typeof createApp>) => ((await (await app.request(LIST)).json()) as { data: EventListItem[] }).data.map((item) => item.slug);

describe.skipIf(!serverUrl)("catalogue reads from a replica", () => {
  let primaryDb: ThrowAwayDatabase;
  let copyDb: ThrowAwayDatabase;
  let primary: Database;
  let copy: Database;

  beforeAll(async () => {
    primaryDb = await throwAwayDatabase(serverUrl!, "shop_replica_primary");
    copyDb = await throwAwayDatabase(serverUrl!, "shop_replica_copy");
    // DATABASE_READ_URL naming the primary itself: no replay to wait for.
    primary = await openDatabase({ url: primaryDb.url, readUrl: primaryDb.url, max: 4 });
    // A stand-in for a lagging replica: a copy of the same data that the test brings up to date by hand.
    copy = await openDatabase({ url: copyDb.url, max: 4 });
    await Promise.all([seedDemoData(primary.db), seedDemoData(copy.db)]);
  }, 120_000);
  afterAll(async () => {
    await primary?.close();
    await copy?.close();
    await primaryDb?.drop();
    await copyDb?.drop();
  });

  it("with DATABASE_READ_URL on the primary itself, the catalogue answers, and a change is announced again once replayed", async () => {
    expect(primary.readDb).toBeDefined();
    const env = parseEnv({ NODE_ENV: "test", JWT_SECRET, DATABASE_URL: primaryDb.url, DATABASE_READ_URL: primaryDb.url });
    const app = createApp({ db: primary.db, readDb: primary.readDb, env });
    await relayListening(primary.db);
    const heard: CatalogueChange[] = [];
    app.catalogue.listen((change) => heard.push(change));
    const { default: postgres } = await import("postgres");
    const listener = postgres(primaryDb.url, { max: 1, onnotice: () => {} });
    const payloads: string[] = [];
    const { unlisten } = await listener.listen(CATALOGUE_CHANNEL, (payload) => payloads.push(payload));
    try {
      expect(await slugsOf(app)).toContain(SLUG);
      await primary.db.update(events).set({ published: false }).where(eq(events.slug, SLUG));
      app.catalogue.announce({ area: "events" });
      expect(await slugsOf(app)).not.toContain(SLUG);
      // The notification carries the primary's log position, and the change comes back once the replica has it.
      await expect.poll(() => payloads.length, { timeout: 5000 }).toBe(1);
      expect(JSON.parse(payloads[0]!)).toMatchObject({ a: "events", l: expect.stringMatching(/^[0-9A-F]+\/[0-9A-F]+$/) });
      await expect.poll(() => heard.some((change) => change.replayed), { timeout: 5000 }).toBe(true);
      expect(await slugsOf(app)).not.toContain(SLUG);
    } finally {
      await unlisten();
      await listener.end({ timeout: 5 });
      await app.stopBackground();
      await primary.db.update(events).set({ published: true }).where(eq(events.slug, SLUG));
    }
  });

  it("an answer read from a lagging replica is dropped once the replica has replayed the change", async () => {
    const replica = heldReplica();
    const env = parseEnv({ NODE_ENV: "test", JWT_SECRET, DATABASE_URL: primaryDb.url, DATABASE_READ_URL: copyDb.url });
    const app = createApp({ db: primary.db, readDb: copy.db, replica, env });
    await relayListening(primary.db);
    try {
      expect(await slugsOf(app)).toContain(SLUG);
      // Unpublished on the primary; the replica has not replayed it yet, so a read right after still shows it.
      await primary.db.update(events).set({ published: false }).where(eq(events.slug, SLUG));
      app.catalogue.announce({ area: "events" });
      expect(await slugsOf(app)).toContain(SLUG);
      await expect.poll(() => replica.waiting(), { timeout: 5000 }).toBe(1);
      // The replica replays the change: the answer it gave before is not served again.
      await copy.db.update(events).set({ published: false }).where(eq(events.slug, SLUG));
      replica.catchUp();
      expect(await slugsOf(app)).not.toContain(SLUG);
    } finally {
      await app.stopBackground();
      await primary.db.update(events).set({ published: true }).where(eq(events.slug, SLUG));
    }
  });

  it("with a read URL that nothing answers, the catalogue is read from the primary", async () => {
    // A port just closed: connections to it are refused, as to a replica that is down.
    const closed = await replicaDoor(copyDb.name);
    await closed.down();
    const database = await openDatabase({ url: primaryDb.url, readUrl: closed.url, max: 2 });
    const env = parseEnv({ NODE_ENV: "test", JWT_SECRET, DATABASE_URL: primaryDb.url, DATABASE_READ_URL: closed.url });
    const app = createApp({ db: database.db, readDb: database.readDb, env });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const answer = await app.request(LIST);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { data: EventListItem[] }).data.map((item) => item.slug)).toContain(SLUG);
      expect(database.readsOnReplica?.()).toBe(false);
      expect(errors.mock.calls.flat().join(" ")).toContain("catalogue reads go to the primary");
    } finally {
      errors.mockRestore();
      await app.stopBackground();
      await database.close();
    }
  });

  it("a replica that goes down mid-way sends its reads to the primary, and has them back once it answers again", async () => {
    // The replica's copy differs from the primary in one fact, so each read tells which one answered it.
    await primary.db.update(events).set({ published: true }).where(eq(events.slug, SLUG));
    await copy.db.update(events).set({ published: false }).where(eq(events.slug, SLUG));
    const door = await replicaDoor(copyDb.name);
    const database = await openDatabase({ url: primaryDb.url, readUrl: door.url, max: 2, replicaRetryMs: 50 });
    const published = async () => (await database.readDb!.select({ published: events.published }).from(events).where(eq(events.slug, SLUG)))[0]?.published;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await published()).toBe(false);
      expect(database.readsOnReplica?.()).toBe(true);

      await door.down();
      expect(await published()).toBe(true);
      expect(database.readsOnReplica?.()).toBe(false);
      expect(await published()).toBe(true);

      await door.up();
      await expect.poll(() => database.readsOnReplica?.(), { timeout: 5000 }).toBe(true);
      expect(await published()).toBe(false);
    } finally {
      errors.mockRestore();
      await database.close();
      await door.down();
    }
  });
});

/**
 * Live static pages: after a committed catalogue change is announced, the running shop serves
 * the changed event on its page in every site of its country and in the lists, without any request meanwhile
 * getting anything but a whole page. It starts from a copy of the demo site the tests share (tests/helpers/demo-site.ts),
 * build cache included, so the publisher's real build renders only the pages the change touched.
 */
import { lstatSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPagesPublisher } from "../../src/server/publishing/pages-publisher";
import { openDatabase, type Database } from "../../src/server/db/client";
import { events } from "../../src/server/db/schema";
import { seedDemoData } from "../../src/server/seed";
import { parseEnv } from "../../src/server/env";
import { startServer, type RunningServer } from "../../src/server/server";
import type { Publisher } from "../../src/server/publishing/publisher";
import type { ApiAnswer, EventListItem } from "../../src/shared/types/catalogue";
import { copyDemoSite, DEMO_SITE, demoSeedTime } from "../helpers/demo-site";

const env = parseEnv({
  ...process.env,
  NODE_ENV: "test",
  DATA_DIR: ".tmp/live-pages",
  DIST_DIR: ".tmp/live-pages-dist",
  DATABASE_URL: undefined,
  PUBLIC_URL: DEMO_SITE.publicUrl,
});
let database: Database;
let server: RunningServer;
let publisher: Publisher;

beforeAll(async () => {
  // The pages do not depend on the engine; the demo site's data, so its build cache fits these pages.
  await copyDemoSite({ dataDir: env.DATA_DIR, distDir: env.DIST_DIR });
  database = await openDatabase();
  await seedDemoData(database.db, { now: demoSeedTime() });
  server = await startServer(database, { ...env, PORT: 0 });
  publisher = await startPagesPublisher({ apiUrl: server.internalUrl, publicUrl: env.PUBLIC_URL!, env, db: database.db, catalogue: server.catalogue, debounceMs: 200 });
  // It warms its renderer first (a full build, published); the change below is then rendered from that bundle.
  await publisher.idle();
}, 600_000);

afterAll(async () => {
  // Each stops even when the one before it failed to: nothing the file started outlives it.
  const stops = [() => publisher?.close(), () => server?.close(), () => database?.close()];
  const failures: unknown[] = [];
  for (const stop of stops) await Promise.resolve(stop()).catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
});

describe("a catalogue change", () => {
  it("reaches the event's page in every site of its country and the lists, with no request refused meanwhile", async () => {
    const list = (await (await fetch(`${server.internalUrl}/api/events?type=1&country-code=CO`)).json()) as ApiAnswer<EventListItem[]>;
    if (!list.success) throw new Error(list.message);
    const { id, slug } = list.data[0]!;
    const pages = [`/event/${slug}`, `/co/en-us/event/${slug}`, "/massive-events"];
    const before = await fetch(`${server.internalUrl}${pages[0]}`);
    expect(before.status).toBe(200);
    const etagBefore = before.headers.get("etag");
    const unchangedEtag = (await fetch(`${server.internalUrl}/faq`)).headers.get("etag");

    const spanish = `Clásico renovado ${Date.now().toString(36)}`;
    const english = `Renewed derby ${Date.now().toString(36)}`;
    await database.db
      .update(events)
      .set({
        translations: sql`jsonb_set(jsonb_set(${events.translations}, '{es_CO,name}', ${JSON.stringify(spanish)}::jsonb), '{en_US,name}', ${JSON.stringify(english)}::jsonb)`,
      })
      .where(eq(events.id, id));
    server.catalogue.announce({ area: "events", eventIds: [id] });

    const wanted = [spanish, english, spanish];
    const shown = pages.map(() => false);
    const statuses = new Set<number>();
    const deadline = Date.now() + 180_000;
    while (shown.includes(false) && Date.now() < deadline) {
      await Promise.all(
        pages.map(async (page, i) => {
          const response = await fetch(`${server.internalUrl}${page}`);
          statuses.add(response.status);
          if ((await response.text()).includes(wanted[i]!)) shown[i] = true;
        }),
      );
      await new Promise((wait) => setTimeout(wait, 50));
    }

    expect(shown).toEqual([true, true, true]);
    expect([...statuses]).toEqual([200]);
    await publisher.idle();
    expect(lstatSync(env.DIST_DIR).isSymbolicLink()).toBe(true);
    const after = await fetch(`${server.internalUrl}${pages[0]}`);
    expect(after.headers.get("etag")).not.toBe(etagBefore);
    // A page the change did not touch keeps its validator: browsers keep their copy.
    expect((await fetch(`${server.internalUrl}/faq`)).headers.get("etag")).toBe(unchangedEtag);
    const sitemap = await (await fetch(`${server.internalUrl}/sitemap-0.xml`)).text();
    expect(sitemap).toContain(`/event/${slug}</loc>`);
  }, 300_000);
});

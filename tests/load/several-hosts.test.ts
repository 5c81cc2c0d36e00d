/**
 * Several hosts, one site: two shop processes on one PostgreSQL database, each with its own DIST_DIR (no shared
 * disk), as hosts on different machines run them behind one public origin. An admin's change made through one of
 * them reaches the pages of both, byte for byte the same and with the same ETags, so a CDN or browser may ask
 * either. Needs DATABASE_URL (PostgreSQL: the embedded database belongs to one process); skipped without.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throwAwayDatabase } from "../../scripts/lib/throw-away-database";
import { openDatabase, type Database } from "../../src/server/db/client";
import { seedDemoData } from "../../src/server/seed";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import type { ApiAnswer, EventListItem } from "../../src/shared/types/catalogue";
import { copyDemoSite, DEMO_SITE, demoSeedTime } from "../helpers/demo-site";
import { freePorts } from "../helpers/processes";

const serverUrl = process.env.DATABASE_URL;
const JWT_SECRET = "several-hosts-secret-that-is-long-enough-for-hs256";

if (!serverUrl) console.warn("tests/load/several-hosts.test.ts skipped: set DATABASE_URL (PostgreSQL) to run it.");

interface Host {
  child: ChildProcess;
  origin: string;
  /** Everything the process printed so far. */
  output: () => string;
}

let database: Database | undefined;
let adminEnd: (() => Promise<void>) | undefined;
const hosts: Host[] = [];
const folders: string[] = [];

/** A host: scripts/serve.ts with its publisher, its own data folder and DIST_DIR, resolved once it serves. */
function startHost(databaseUrl: string, port: number, name: string): Promise<Host> {
  // Inside the working folder, as a deployment's would be: Astro prerenders beside the build there.
  const dataDir = resolve(`.tmp/several-hosts-${name}`);
  const distDir = resolve(`.tmp/several-hosts-${name}-dist`);
  folders.push(dataDir, distDir, `${distDir}.builds`, `${distDir}.site-id`);
  return copyDemoSite({ dataDir, distDir }).then(
    () =>
      new Promise((done, fail) => {
        const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "--publish"], {
          stdio: ["ignore", "pipe", "pipe"],
          env: {
            ...process.env,
            NODE_ENV: "test",
            LOG_LEVEL: "warn",
            DATABASE_URL: databaseUrl,
            REDIS_URL: "",
            JWT_SECRET,
            PORT: String(port),
            HOST: "127.0.0.1",
            DATA_DIR: dataDir,
            DIST_DIR: distDir,
            // Both hosts stand behind one public origin: their pages' absolute links are the same.
            PUBLIC_URL: DEMO_SITE.publicUrl,
            ORDER_SWEEP_SECONDS: "0",
          },
        });
        let output = "";
        const host: Host = { child, origin: `http://127.0.0.1:${port}`, output: () => output };
        child.stdout!.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("API ready")) done(host);
        });
        child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.on("exit", (code) => fail(new Error(`host ${name} on ${port} ended (${code}):\n${output}`)));
      }),
  );
}

async function until<T>(what: string, seconds: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s\n${hosts.map((host) => host.output()).join("\n---\n")}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

beforeAll(async () => {
  if (!serverUrl) return;
  const throwAway = await throwAwayDatabase(serverUrl, "shop_test_hosts");
  adminEnd = throwAway.drop;
  const url = new URL(throwAway.url);
  database = await openDatabase({ url: url.toString(), max: 2 });
  // The demo site's data and seed time: the copies of its build (and build cache) fit these pages.
  await seedDemoData(database.db, { now: demoSeedTime() });
  const port = await freePorts(2);
  hosts.push(await startHost(url.toString(), port, "a"), await startHost(url.toString(), port + 1, "b"));
  // Each host warms its renderer with one full build of its own copy before it publishes changes.
  await until("both hosts warmed up", 600, async () => (hosts.every((host) => host.output().includes("Pages published")) ? true : undefined));
}, 900_000);

afterAll(async () => {
  for (const host of hosts) {
    const ended = new Promise((done) => host.child.once("exit", done));
    host.child.kill("SIGTERM");
    await ended;
  }
  await database?.close();
  await adminEnd?.();
  folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
});

describe.skipIf(!serverUrl)("two hosts with DIST_DIRs of their own on one database", () => {
  it("both serve an admin's change made through one of them, with the same bytes and ETags", { timeout: 300_000 }, async () => {
    const [a, b] = hosts as [Host, Host];
    const list = (await (await fetch(`${a.origin}/api/events?type=1&country-code=CO`)).json()) as ApiAnswer<EventListItem[]>;
    if (!list.success) throw new Error(list.message);
    const { id, slug } = list.data[0]!;
    const untouched = "/faq";
    // Its identity coding's ETag: the compressed copies' ETags name their coding and a host may still be writing them.
    const identity = { headers: { "accept-encoding": "identity" } };
    const untouchedTag = (await fetch(`${a.origin}${untouched}`, identity)).headers.get("etag");

    const login = await fetch(`${a.origin}/shop-api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const path = `/shop-api/admin/events/${id}`;
    const event = ((await (await fetch(`${a.origin}${path}`, { headers })).json()) as { data: { translations: Record<string, { name: string }> } }).data;
    const name = `Clásico en dos máquinas ${Date.now().toString(36)}`;
    event.translations.es_CO!.name = name;
    expect((await fetch(`${a.origin}${path}`, { method: "PUT", headers, body: JSON.stringify(event) })).status).toBe(200);

    const page = `/event/${slug}`;
    const served = await Promise.all(
      [a, b].map((host) =>
        until(`the new name on ${host.origin}${page}`, 120, async () => {
          const answer = await fetch(`${host.origin}${page}`, { headers: { "accept-encoding": "identity" } });
          const html = await answer.text();
          return html.includes(name) ? { html, etag: answer.headers.get("etag") } : undefined;
        }),
      ),
    );
    // Each host built its own copy: the same page, byte for byte, under the same ETag.
    expect(served[1]!.html).toBe(served[0]!.html);
    expect(served[0]!.etag).toBeTruthy();
    expect(served[1]!.etag).toBe(served[0]!.etag);
    const brotliTags = await Promise.all([a, b].map(async (host) => (await fetch(`${host.origin}${page}`, { headers: { "accept-encoding": "br" } })).headers.get("etag")));
    expect(brotliTags[1]).toBe(brotliTags[0]);
    // A page the change did not touch keeps its ETag, on both hosts.
    const untouchedTags = await Promise.all([a, b].map(async (host) => (await fetch(`${host.origin}${untouched}`, identity)).headers.get("etag")));
    expect(untouchedTags).toEqual([untouchedTag, untouchedTag]);
    // Both hosts published it themselves: neither reads the other's disk.
    for (const host of [a, b]) expect(host.output()).toMatch(/Pages published in [\d.]+ s \(build [\d.]+ s\): [1-9]\d* changed/);
  });
});

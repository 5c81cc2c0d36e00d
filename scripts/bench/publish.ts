/**
 * `npm run bench:publish`: how long a catalogue change takes to reach the served static pages.
 * Starts the shop as `npm start` does on a fresh embedded database (the demo data) and a fresh DIST_DIR, times the
 * full build of every locale on the empty build cache, starts the page publisher (which warms its renderer with a
 * full build of its own) and waits for it, and then BENCH_CHANGES (10) times
 * renames a listed mass event and lowers the price of its cheapest variant through the back office's API as the demo
 * admin (`PUT /shop-api/admin/events/{id}`, `PUT /shop-api/admin/variants/{id}`), and polls the running shop over
 * HTTP until the event page shows the new name and the mass-events list shows the new "from" price. Prints p50 and
 * max seconds from the second answer (both changes committed) to both being served, with the machine's load
 * average at the start and the end beside them, and every answer other than 200 seen while pages were swapped (there
 * must be none). The goals are judged only when the load stayed at most twice the cores: above that the figures
 * tell the machine's load more than the shop's speed.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { MachineLoad } from "./lib/machine";
import type { ApiAnswer, EventListItem } from "../../src/shared/types/catalogue";
import { exitWithUsageOnHelp } from "../lib/usage";

exitWithUsageOnHelp(`
Usage: npm run bench:publish

Seconds from a committed catalogue change (an event's name and a variant's price) until the served static
pages show it, p50 and max over BENCH_CHANGES (10) changes (goals: p50 <= 2.5 s, max <= 4 s); and the full build
of every locale (goal <= 60 s), with the load average at the start and the end (goals judged only when it stayed
at most twice the cores). Runs on a fresh embedded database in .tmp/bench-publish.
Settings: BENCH_CHANGES (10).
`);

// Loaded after the --help answer, so asking for help opens nothing and answers at once.
const { asc, eq } = await import("drizzle-orm");
const { openDatabase } = await import("../../src/server/db/client");
const { categories, productVariants } = await import("../../src/server/db/schema");
const { seedIfEmpty } = await import("../../src/server/seed");
const { DEMO_ACCOUNTS } = await import("../../src/server/seed/users");
const { parseEnv } = await import("../../src/server/env");
const { startServer } = await import("../../src/server/server");
const { formatPrice } = await import("../../src/shared/format/money");
const { buildPagesIfChanged } = await import("../../src/server/publishing/pages-build");
const { startPagesPublisher } = await import("../../src/server/publishing/pages-publisher");

const CHANGES = Number(process.env.BENCH_CHANGES ?? 10);
const GOAL_P50_S = 2.5;
const GOAL_MAX_S = 4;
const GOAL_FULL_S = 60;
const TIMEOUT_S = 120;
const dataDir = ".tmp/bench-publish";
const distDir = ".tmp/bench-publish-dist";
for (const path of [dataDir, distDir, `${distDir}.builds`]) rmSync(path, { recursive: true, force: true });

const env = parseEnv({ ...process.env, HOST: "127.0.0.1", PORT: "4461", DATA_DIR: dataDir, DIST_DIR: distDir, DATABASE_URL: undefined, PUBLIC_URL: undefined, LOG_LEVEL: "warn" });
const database = await openDatabase({ dataDir: join(dataDir, "pglite") });
await seedIfEmpty(database.db);
// A free port: the pages link to wherever it listens.
const server = await startServer(database, { ...env, PORT: 0 });
const seconds = (from: number) => (performance.now() - from) / 1000;
/** CPU seconds used so far by this process (the shop and its publisher) and its living children (the renderer). */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  let total = (own.user + own.system) / 1e6;
  const tick = 100; // USER_HZ on Linux
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      // Fields after the command's closing parenthesis: state ppid ... utime (14th) stime (15th).
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      if (Number(fields[1]) === process.pid) total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
/** What the page source holds for a text Astro or React printed (both escape these). */
const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");


try {
  const machine = new MachineLoad();
  let started = performance.now();
  await buildPagesIfChanged({ apiUrl: server.internalUrl, publicUrl: server.publicUrl, env, db: database.db, force: true });
  const fullBuild = seconds(started);
  console.log(`Full build of every locale (empty build cache, compression included): ${fullBuild.toFixed(1)} s`);

  // The publisher warms its renderer first (one full build, published): what every serving process does at start.
  started = performance.now();
  const publisher = await startPagesPublisher({ apiUrl: server.internalUrl, publicUrl: server.publicUrl, env, db: database.db, catalogue: server.catalogue });
  await publisher.idle();
  console.log(`Publisher warmed up (full build in its renderer, published): ${seconds(started).toFixed(1)} s`);
  const listAnswer = (await (await fetch(`${server.internalUrl}/api/events?type=1&country-code=CO`)).json()) as ApiAnswer<EventListItem[]>;
  if (!listAnswer.success || !listAnswer.data[0]) throw new Error("no listed mass event in Colombia to change");
  const { id: eventId, slug, currency } = listAnswer.data[0];
  const [cheapest] = await database.db
    .select({ id: productVariants.id, price: productVariants.price })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(eq(categories.eventId, eventId))
    .orderBy(asc(productVariants.price))
    .limit(1);
  if (!cheapest) throw new Error(`event ${slug} has no variant`);
  console.log(`Changing event ${slug} (id ${eventId}) and its cheapest variant ${cheapest.id} (${formatPrice(cheapest.price, currency)}) ${CHANGES} times.`);

  const login = await fetch(`${server.internalUrl}/shop-api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  /** GET by id answers exactly what PUT takes: read, change, write back. */
  async function edit(path: string, change: (body: Record<string, unknown>) => void) {
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const body = ((await (await fetch(`${server.internalUrl}${path}`, { headers })).json()) as { data: Record<string, unknown> }).data;
    change(body);
    const answer = await fetch(`${server.internalUrl}${path}`, { method: "PUT", headers, body: JSON.stringify(body) });
    if (answer.status !== 200) throw new Error(`PUT ${path}: ${answer.status} ${await answer.text()}`);
  }

  const pages = { event: `${server.internalUrl}/event/${slug}`, list: `${server.internalUrl}/massive-events` };
  const refused: string[] = [];
  const times: number[] = [];
  const cpu: number[] = [];
  for (let change = 1; change <= CHANGES; change += 1) {
    const name = `Evento cambiado ${change} ${Date.now().toString(36)}`;
    // Each change lowers the cheapest price, so it is the card's "from" price: a new value every time.
    const price = Math.max(100, cheapest.price - change * 100);
    const cpuBefore = cpuSeconds();
    await edit(`/shop-api/admin/events/${eventId}`, (body) => {
      (body.translations as Record<string, { name: string }>).es_CO!.name = name;
    });
    await edit(`/shop-api/admin/variants/${cheapest.id}`, (body) => {
      body.price = price;
    });
    started = performance.now();

    const wanted = { event: escaped(name), list: escaped(formatPrice(price, currency, "es_CO")) };
    const seen = { event: false, list: false };
    while (!(seen.event && seen.list)) {
      if (seconds(started) > TIMEOUT_S) throw new Error(`change ${change} not served after ${TIMEOUT_S} s`);
      for (const page of ["event", "list"] as const) {
        if (seen[page]) continue;
        const answer = await fetch(pages[page]);
        const html = await answer.text();
        if (answer.status !== 200) refused.push(`${answer.status} ${pages[page]}`);
        seen[page] = html.includes(wanted[page]);
      }
      if (!(seen.event && seen.list)) await new Promise((wait) => setTimeout(wait, 100));
    }
    times.push(seconds(started));
    await publisher.idle();
    cpu.push(cpuSeconds() - cpuBefore);
    console.log(`  change ${change}: ${times.at(-1)!.toFixed(1)} s (CPU of the shop and its renderer for the change: ${cpu.at(-1)!.toFixed(2)} s; ${MachineLoad.now()})`);
  }
  await publisher.close();

  const sorted = [...times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const max = sorted.at(-1)!;
  const judged = machine.finish();
  const load = `load average ${machine.start.toFixed(1)} -> ${machine.end.toFixed(1)} (peak ${machine.peak.toFixed(1)}) on ${machine.cores} cores`;
  const verdict = (ok: boolean) => (judged ? (ok ? "  goal met" : "  goal NOT met") : "");
  console.log("");
  console.log(`Change served (commit -> event page and list show it), ${CHANGES} changes, ${load}:`);
  console.log(`  p50 ${p50.toFixed(1)} s   (goal <= ${GOAL_P50_S} s)${verdict(p50 <= GOAL_P50_S)}`);
  console.log(`  max ${max.toFixed(1)} s   (goal <= ${GOAL_MAX_S} s)${verdict(max <= GOAL_MAX_S)}`);
  console.log(`Full build of every locale: ${fullBuild.toFixed(1)} s   (goal <= ${GOAL_FULL_S} s)${verdict(fullBuild <= GOAL_FULL_S)}`);
  // What each host pays when every host builds its own copy (docs/decisions.md "Several hosts, one site").
  console.log(`CPU per change (the admin's two requests, the publication, the polling), median: ${percentile([...cpu].sort((a, b) => a - b), 50).toFixed(2)} s`);
  console.log(`Answers other than 200 while pages were swapped: ${refused.length}${refused.length ? ` (${refused.slice(0, 5).join(", ")})` : ""}`);
  if (refused.length) process.exitCode = 1;
} finally {
  await server.close();
  await database.close();
}

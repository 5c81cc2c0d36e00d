/**
 * `npm start`: open (and migrate) the database, seed demo data on the first run, serve the API,
 * build the static pages from it when its inputs changed, and serve the whole shop on one port; with WORKERS=N
 * (PostgreSQL only) the primary does the first steps once and N processes serve (src/server/server.ts). Either way
 * the primary supervises: a serving process that dies is started again within seconds.
 * Afterwards every catalogue change is published to the pages (src/server/publishing/pages-publisher.ts `startPagesPublisher`;
 * with several processes one of them publishes, the others forward their changes to it).
 * Its messages and banner go to stderr: stdout carries only the JSON request log. A stop (SIGTERM, SIGINT) to any
 * process of `npm start` ends the shop cleanly (src/server/server.ts `stopOnSignals`); the npm script execs node so
 * npm's child is the shop itself.
 */
import type { PageRenderer } from "../src/server/publishing/renderer";
import { exitWithUsageOnHelp } from "./lib/usage";

exitWithUsageOnHelp(`
Usage: npm start

Opens (and migrates) the database, creates the demo data on the first run, builds the pages when their
inputs changed and serves shop and API on PORT (default 4321).
WORKERS=N runs N processes on that port (node:cluster; needs DATABASE_URL, and REDIS_URL for shared limits).
Settings: PORT, HOST, PUBLIC_URL, DATABASE_URL, DATABASE_POOL, WORKERS, DATA_DIR, DIST_DIR and more (see README).
Without NODE_ENV=production it runs in demo mode: mails go to the local outbox (/dev/outbox) and payments to
the local simulators, both answering this machine only. NODE_ENV=production needs real settings (README "Production").
`);

// Loaded after the --help answer, so asking for help opens nothing and answers at once.
const cluster = (await import("node:cluster")).default;
const { seedIfEmpty } = await import("../src/server/seed");
const { DEMO_ACCOUNTS } = await import("../src/server/seed/users");
const { parseEnv, shopMode } = await import("../src/server/env");
const { runShopProcesses } = await import("../src/server/server");
const { demoBanner } = await import("../src/server/start-banner");
const { adoptPlainDist } = await import("../src/server/publishing/builds");
const { astroCacheOf, buildPagesIfChanged } = await import("../src/server/publishing/pages-build");
const { createPageRenderer } = await import("../src/server/publishing/renderer");
const { startPagesPublisher } = await import("../src/server/publishing/pages-publisher");
const { enabledMethodsBeforeOpening, openShopDatabase } = await import("./lib/open-shop-database");
const { assertReadyToServe } = await import("../src/server/env");
const { PAYMENT_METHODS } = await import("../src/server/seed/demo/content");

const env = parseEnv();
const started = Date.now();
const role = cluster.isPrimary || env.WORKERS === 1 ? "" : `worker ${process.pid}: `;
let startupRenderer: PageRenderer | undefined;

try {
  // A production start that will refuse does so before it writes anything: no data folder, no migration, no seed.
  if (cluster.isPrimary && shopMode(env) === "production") {
    assertReadyToServe(env, await enabledMethodsBeforeOpening(env, Object.entries(PAYMENT_METHODS).flatMap(([country, codes]) => codes.map((code) => `${country}:${code}`))));
  }
  await runShopProcesses(env, {
    async open(settings) {
      const database = await openShopDatabase(settings);
      // The first process to open seeds before anything serves (the primary with WORKERS > 1, else the one
      // serving process); the others find the data there.
      const seeded = cluster.isPrimary || env.WORKERS === 1 ? await seedIfEmpty(database.db, shopMode(env)) : false;
      if (seeded) console.error(seeded === "demo" ? "Demo data created." : "Countries, geography and payment methods created (no demo data in production).");
      return database;
    },
    async prepare(database, server) {
      console.error(`API ready on ${server.url}/api (${database.engine})`);
      // A DIST_DIR left as a plain folder becomes the first swappable build.
      await adoptPlainDist(env.DIST_DIR);
      // One process: the start-up build is made by the publisher's renderer, which stays warm for the first change.
      if (env.WORKERS === 1) startupRenderer = createPageRenderer({ apiUrl: server.internalUrl, publicUrl: server.publicUrl, cacheDir: astroCacheOf(env), background: true });
      const built = await buildPagesIfChanged({ apiUrl: server.internalUrl, publicUrl: server.publicUrl, env, db: database.db, renderer: startupRenderer });
      console.error(built ? "Pages built." : "Pages unchanged since the last build.");
    },
    serving: (database, server) =>
      // The renderer's warm-up waits for a quiet moment, at the lowest priority: a shop just started may be answering a crowd.
      startPagesPublisher({ apiUrl: server.internalUrl, publicUrl: server.publicUrl, env, db: database.db, catalogue: server.catalogue, renderer: startupRenderer, warm: "when-quiet", background: true }),
    ready(url) {
      const processes = env.WORKERS > 1 ? `, ${env.WORKERS} processes` : "";
      console.error(`\n  The shop is running at ${url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s${processes})\n`);
      const banner = demoBanner(env, url, Object.values(DEMO_ACCOUNTS));
      if (banner.length) console.error(banner.join("\n"));
    },
    supervise: true,
  });
} catch (error) {
  // Another shop on the same embedded database, an unreachable PostgreSQL, WORKERS without PostgreSQL ...: the reason, not a stack.
  console.error(`${role}${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

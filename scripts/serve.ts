/**
 * `npm run dev:api`: the shop API alone (and the last build of the pages, if any) for working on the pages with
 * `astro dev`, which proxies /api and /shop-api to it. Migrates and seeds like `npm start`, builds nothing.
 * With `--publish` (each process of a shop run by several, README) it runs the page publisher: catalogue changes
 * reach the pages, built by whichever process holds the publisher lease.
 */
import { exitWithUsageOnHelp } from "./lib/usage";

exitWithUsageOnHelp(`
Usage: npm run dev:api   (or: npx tsx scripts/serve.ts [--publish])

Serves the shop API on PORT (default 4321) without building the pages; restarts when a source changes.
  --publish   publish catalogue changes to the built pages in DIST_DIR (each process of a shop run by several)
Settings: see README.
`);

// Loaded after the --help answer, so asking for help opens nothing and answers at once.
const { seedIfEmpty } = await import("../src/server/seed");
const { parseEnv, shopMode } = await import("../src/server/env");
const { startServer } = await import("../src/server/server");
const { startPagesPublisher } = await import("../src/server/publishing/pages-publisher");
const { openShopDatabase } = await import("./lib/open-shop-database");

const env = parseEnv();
const database = await openShopDatabase(env);
if (await seedIfEmpty(database.db, shopMode(env))) console.log("Data created.");
const server = await startServer(database, env);
console.log(`API ready on ${server.url}/api (${database.engine})`);
const publisher = process.argv.includes("--publish")
  ? await startPagesPublisher({ apiUrl: server.internalUrl, publicUrl: server.publicUrl, env, db: database.db, catalogue: server.catalogue })
  : undefined;

async function shutdown() {
  await publisher?.close();
  await server.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

/**
 * `npm start`: open (and migrate) the database, seed demo data on the first run, serve the API,
 * build the static site from it when its inputs changed, and serve the whole shop on one port. Afterwards every
 * catalogue change is published to the pages (scripts/lib/build-site.ts `startSitePublisher`).
 */
import { seedIfEmpty } from "../src/server/db/seed";
import { DEMO_ACCOUNTS } from "../src/server/db/seed/users";
import { parseEnv, shopMode } from "../src/server/env";
import { startServer } from "../src/server/server";
import { buildSiteIfChanged, startSitePublisher } from "./lib/build-site";
import { adoptPlainDist } from "../src/server/site/site-builds";
import { openShopDatabase } from "./lib/open-shop-database";
import { exitWithUsageOnHelp } from "./lib/usage";

exitWithUsageOnHelp(`
Usage: npm start

Opens (and migrates) the database, creates the demo data on the first run, builds the site when its
inputs changed and serves shop and API on PORT (default 4321).
Settings: PORT, HOST, PUBLIC_URL, DATABASE_URL, DATA_DIR, DIST_DIR and more (see README).
Without NODE_ENV=production it runs in demo mode: mails go to the local outbox (/dev/outbox) and payments to
the local simulators, both answering this machine only. NODE_ENV=production needs real settings (README "Production").
`);

const env = parseEnv();
const started = Date.now();
const database = await openShopDatabase(env).catch((error: unknown) => {
  // Another shop on the same embedded database, an unreachable PostgreSQL ...: the reason, not a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
const seeded = await seedIfEmpty(database.db);
if (seeded) console.log("Demo data created.");

let server: Awaited<ReturnType<typeof startServer>>;
try {
  // Before serving: a DIST_DIR left as a plain folder becomes the first swappable build.
  await adoptPlainDist(env.DIST_DIR);
  server = await startServer(database, env);
} catch (error) {
  await database.close();
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`API ready on ${server.url}/api (${database.engine})`);
const built = await buildSiteIfChanged({ apiUrl: server.internalUrl, publicUrl: server.publicUrl, env, db: database.db });
console.log(built ? "Site built." : "Site unchanged since the last build.");
const publisher = await startSitePublisher({ apiUrl: server.internalUrl, publicUrl: server.publicUrl, env, db: database.db, catalogue: server.catalogue });
console.log(`\n  The shop is running at ${server.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
if (shopMode(env) === "demo") {
  console.log(
    [
      "  DEMO MODE: not for real customers.",
      `  Mails are not sent; read them at ${server.url}/dev/outbox. Payments go to built-in simulators (nothing is charged).`,
      "  Both answer only requests from this machine. For a real shop set NODE_ENV=production (README \"Production\").",
      `  Demo accounts: ${Object.values(DEMO_ACCOUNTS).map((account) => `${account.email} / ${account.password}`).join(", ")}`,
      "",
    ].join("\n"),
  );
}

async function shutdown() {
  await publisher.close();
  await server.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

/**
 * `npm start`: open (and migrate) the database, seed demo data on the first run, serve the API,
 * build the static site from it when its inputs changed, and serve the whole shop on one port.
 */
import { join } from "node:path";
import { openDatabase } from "../src/server/db/client";
import { seedIfEmpty } from "../src/server/db/seed";
import { parseEnv } from "../src/server/env";
import { startServer } from "../src/server/server";
import { buildSiteIfChanged } from "./lib/build-site";

const env = parseEnv();
const started = Date.now();
const database = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, "pglite") },
);
const seeded = await seedIfEmpty(database.db);
if (seeded) console.log("Demo data created.");

const server = await startServer(database, env);
console.log(`API ready on ${server.url}/api (${database.engine})`);
const built = await buildSiteIfChanged({ apiUrl: server.internalUrl, env, db: database.db });
console.log(built ? "Site built." : "Site unchanged since the last build.");
console.log(`\n  The shop is running at ${server.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);

async function shutdown() {
  await server.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

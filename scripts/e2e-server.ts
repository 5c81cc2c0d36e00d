/**
 * The shop as the browser tests see it: a fresh embedded database with the demo data, the pages built
 * from it, served on E2E_PORT with the page publisher running as in `npm start`. It listens on that port
 * only once the pages are built, so Playwright's wait for the URL is a wait for a complete shop. The pages are built
 * with the demo site's origin from its build cache when the tests left one (tests/helpers/demo-site.ts): pages whose
 * catalogue answers are the same are copied, not rendered again. The shop itself (payment returns, mails) uses its
 * own address; the journeys read only the paths of the pages' absolute links.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../src/server/db/client";
import { seedIfEmpty } from "../src/server/seed";
import { parseEnv } from "../src/server/env";
import { startServer } from "../src/server/server";
import { copyBuildCache, DEMO_SITE } from "../tests/helpers/demo-site";
import { migratedDataFolder } from "../tests/helpers/test-database";
import { astroCacheOf, buildPagesIfChanged } from "../src/server/publishing/pages-build";
import { createPageRenderer } from "../src/server/publishing/renderer";
import { startPagesPublisher } from "../src/server/publishing/pages-publisher";

const port = Number(process.env.E2E_PORT ?? 4399);
const dataDir = `.tmp/e2e-${port}`;
rmSync(join(dataDir, "pglite"), { recursive: true, force: true });
rmSync(join(dataDir, "mail-drop"), { recursive: true, force: true });
rmSync(join(dataDir, "sms-drop"), { recursive: true, force: true });
copyBuildCache(dataDir);
const env = parseEnv({
  ...process.env,
  NODE_ENV: "test",
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DIST_DIR: `.tmp/e2e-dist-${port}`,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // The browser journeys always run on the embedded database; the API suite covers PostgreSQL.
  DATABASE_URL: undefined,
});
// The folder starts as the migrated database the API tests share (tests/helpers/test-database.ts): loading it costs a
// fraction of the CPU of migrating a new folder on disk (2.5 against 8 CPU-s), and the archive made here at a clean clone's start serves
// the unit and API tests after it.
const database = await openDatabase({ dataDir: await migratedDataFolder(join(dataDir, "pglite")) });
await seedIfEmpty(database.db);

const builder = await startServer(database, { ...env, PORT: 0 });
// The build is made by the publisher's renderer, which then renders the journeys' catalogue changes from its bundle.
const renderer = createPageRenderer({ apiUrl: builder.internalUrl, publicUrl: DEMO_SITE.publicUrl, cacheDir: astroCacheOf(env) });
await buildPagesIfChanged({ apiUrl: builder.internalUrl, publicUrl: DEMO_SITE.publicUrl, env, db: database.db, renderer, force: true });
await builder.close();

const server = await startServer(database, env);
// As in `npm start`: catalogue changes made in a journey (the back office) reach the pages.
const publisher = await startPagesPublisher({ apiUrl: server.internalUrl, publicUrl: DEMO_SITE.publicUrl, env, db: database.db, catalogue: server.catalogue, renderer });
// Any warm-up ends before the journeys start, not in the middle of one.
await publisher.idle();
console.log(`e2e shop ready on ${server.url}`);
const stop = async () => {
  await publisher.close();
  await server.close();
  await database.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

/**
 * `npm run build`: builds the static pages into DIST_DIR from the shop's own database (DATABASE_URL, else
 * the embedded one in DATA_DIR, seeded with the demo data when empty), through a short-lived API on a free
 * loopback port. Absolute links (sitemap, canonical, alternates) use PUBLIC_URL, else localhost on PORT.
 * Stop a running `npm start` on the same DATA_DIR first: the embedded database takes one process at a time.
 */
import { exitWithUsageOnHelp } from "./lib/usage";

exitWithUsageOnHelp(`
Usage: npm run build [-- --if-changed]

Builds the static pages into DIST_DIR (default ./dist) from the shop's database.
  --if-changed   skip the build when neither the sources nor the catalogue changed since the last one
Settings: DATABASE_URL, DATA_DIR, DIST_DIR, PUBLIC_URL, PORT (see README).
`);

// Loaded after the --help answer, so asking for help opens nothing and answers at once.
const { parseEnv, shopMode } = await import("../src/server/env");
const { seedIfEmpty } = await import("../src/server/seed");
const { startServer } = await import("../src/server/server");
const { buildPagesIfChanged } = await import("../src/server/publishing/pages-build");
const { openShopDatabase } = await import("./lib/open-shop-database");

const env = parseEnv();
const database = await openShopDatabase(env);
try {
  if (await seedIfEmpty(database.db, shopMode(env))) console.log("Data created.");
  const api = await startServer(database, { ...env, HOST: "127.0.0.1", PORT: 0 });
  try {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
    const force = !process.argv.includes("--if-changed");
    const built = await buildPagesIfChanged({ apiUrl: api.internalUrl, publicUrl, env, db: database.db, force });
    console.log(built ? `Pages built into ${env.DIST_DIR} for ${publicUrl}.` : "Pages unchanged since the last build.");
  } finally {
    await api.close();
  }
} finally {
  await database.close();
}

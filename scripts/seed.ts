/**
 * `npm run seed`: migrates the shop's database (DATABASE_URL, else the embedded one in DATA_DIR) and adds
 * the demo data when it has none yet; a database with data is left as it is.
 */
import { seedIfEmpty } from "../src/server/seed";
import { parseEnv, shopMode } from "../src/server/env";
import { openShopDatabase } from "./lib/open-shop-database";
import { exitWithUsageOnHelp } from "./lib/usage";

exitWithUsageOnHelp(`
Usage: npm run seed

Migrates the database and creates the demo data if it is empty (an existing shop is never overwritten).
Settings: DATABASE_URL, DATA_DIR (see README).
`);

const env = parseEnv();
const database = await openShopDatabase(env);
try {
  console.log((await seedIfEmpty(database.db, shopMode(env))) ? `Data created (${database.engine}).` : "The database already has data; nothing changed.");
} finally {
  await database.close();
}

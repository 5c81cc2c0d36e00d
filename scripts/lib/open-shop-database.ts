/** The shop's own database as `npm start` opens it: DATABASE_URL, else the embedded PGlite in DATA_DIR. */
import { join } from "node:path";
import { openDatabase } from "../../src/server/db/client";
import type { Env } from "../../src/server/env";

export function openShopDatabase(env: Env) {
  return openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, max: env.DATABASE_POOL } : { dataDir: join(env.DATA_DIR, "pglite") });
}

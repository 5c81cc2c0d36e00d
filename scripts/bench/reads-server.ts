/**
 * The shop `npm run bench:reads` measures, in its own process so the load generator does not share its event loop
 * (the bare Hono app it is compared with is lib/bare-hono.mjs). `shop`: the shop as `npm start` serves it, on the
 * PostgreSQL database named by BENCH_DB_URL (migrated and seeded by the bench) or else on an embedded PGlite in
 * BENCH_DATA_DIR, which `prepare` has created, migrated and seeded in a process of its own (as a first `npm start`
 * does). The shop runs through the same launcher as
 * `npm start` (WORKERS processes on PORT) and with its defaults: NODE_ENV unset (the demo mode `npm start` runs in),
 * the request log at its default level (info, on stdout; LOG_LEVEL overrides) and metrics on, as they always are.
 * Tells the bench `ready <port> <engine>` through IPC.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed";
import { parseEnv } from "../../src/server/env";
import { runShopProcesses } from "../../src/server/server";

const kind = process.argv[2];
if (kind !== "shop" && kind !== "prepare") {
  console.error("usage: reads-server.ts prepare|shop");
  process.exit(2);
}

if (kind === "prepare") {
  // A first start's work (creating the embedded database, migrating, loading the demo) in a process of its own,
  // so the shop measured is one that starts on its existing data, as a running shop does after its first day.
  const database = await openDatabase({ dataDir: join(process.env.BENCH_DATA_DIR!, "pglite") });
  await seedIfEmpty(database.db);
  await database.close();
  process.exit(0);
}

process.on("disconnect", () => process.exit(0));

/** Through IPC: the shop's stdout carries its request log. */
function announce(line: string): void {
  process.send?.(line);
}

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), "rodamos-bench-reads-"));
if (!process.env.BENCH_DATA_DIR) process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
const url = process.env.BENCH_DB_URL;
const env = parseEnv({
  ...process.env,
  NODE_ENV: undefined,
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: url,
});
// Through the same launcher as `npm start`: WORKERS=N processes sharing PORT.
await runShopProcesses(env, {
  open: async (settings) => {
    const database = await openDatabase(url ? { url, max: settings.DATABASE_POOL } : { dataDir: join(dataDir, "pglite") });
    await seedIfEmpty(database.db);
    return database;
  },
  ready: (origin) => announce(`ready ${new URL(origin).port} ${url ? "postgres" : "pglite"}`),
});

/**
 * The shop as `bench:purchase` runs it: in its own process (so the load generator never shares its event loop),
 * through the same process launcher as `npm start` (WORKERS=N forks N processes), without building the pages.
 * Settings come from the environment the bench passes; prints "BENCH SHOP READY <url>" once serving.
 */
import { openDatabase } from "../../src/server/db/client";
import { parseEnv } from "../../src/server/env";
import { runShopProcesses } from "../../src/server/server";

const env = parseEnv();
await runShopProcesses(env, {
  open: (settings) => openDatabase({ url: settings.DATABASE_URL!, max: settings.DATABASE_POOL }),
  ready: (url) => console.log(`BENCH SHOP READY ${url}`),
});

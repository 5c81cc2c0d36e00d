/**
 * One of the two servers `npm run bench:static` compares, in its own process so the load generator does not
 * share its event loop: `shop` is the shop itself (API + pages, as `npm start` serves it) over a scratch
 * in-memory database, `bare` is a plain static file server (sirv, with the same precompressed copies) on the
 * same Node. Prints `ready <port>` once listening.
 */
import { createServer } from "node:http";
import sirv from "sirv";
import { openDatabase } from "../../src/server/db/client";
import { parseEnv } from "../../src/server/env";
import { startServer } from "../../src/server/server";

const [kind, distDir] = process.argv.slice(2);
if ((kind !== "shop" && kind !== "bare") || !distDir) {
  console.error("usage: static-server.ts shop|bare DIST_DIR");
  process.exit(2);
}

if (kind === "bare") {
  const serve = sirv(distDir, { brotli: true, gzip: true, etag: true, extensions: ["html"] });
  const server = createServer((request, response) => serve(request, response));
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    console.log(`ready ${typeof address === "object" && address ? address.port : 0}`);
  });
} else {
  const database = await openDatabase();
  const env = parseEnv({ ...process.env, NODE_ENV: "test", HOST: "127.0.0.1", DIST_DIR: distDir, DATABASE_URL: undefined, ORDER_SWEEP_SECONDS: "0" });
  // PORT 0: a free port, which the parsed settings (a real port for a real shop) do not take.
  const server = await startServer(database, { ...env, PORT: 0 });
  console.log(`ready ${new URL(server.url).port}`);
}

/**
 * The servers `npm run bench:tracking` compares, each in its own process so the load shares no event loop with them.
 * `prepare`: creates the embedded database in BENCH_DATA_DIR (migrated, the demo loaded, as a first `npm start`
 * does; or the throw-away PostgreSQL database of BENCH_DATABASE_URL) and the bench's event day (lib/tracking-day.ts) of
 * BENCH_VEHICLES runs and BENCH_PAGES passengers, written to BENCH_DAY_FILE. `shop`: the shop as `npm start`
 * serves it, one process on that database (the live feed leading, as a lone shop's leader does). `bare`: a bare
 * Node HTTP server relaying each van's position to the pages listening to its run as Server-Sent Events: the body
 * parsed, one message per position (BENCH_MESSAGE: the shop's own tracking answer, the van's position put in),
 * written to every listener of the run; no database, no computation. Tells the bench `ready <port>` through IPC.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import { join } from "node:path";

const kind = process.argv[2];
if (kind !== "shop" && kind !== "bare" && kind !== "prepare") {
  console.error("usage: tracking-server.ts prepare|shop|bare");
  process.exit(2);
}
const dataDir = process.env.BENCH_DATA_DIR!;
/** The shop's database: BENCH_DATABASE_URL's PostgreSQL database when the bench made one, else PGlite in the scratch folder. */
const databaseOptions = () => (process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : { dataDir: join(dataDir, "pglite") });

// The shop's modules are loaded by the shop only: the bare relay's memory is a bare server's.
if (kind === "prepare") {
  const { openDatabase } = await import("../../src/server/db/client");
  const { seedIfEmpty } = await import("../../src/server/seed");
  const { seedTrackingDay } = await import("./lib/tracking-day");
  const database = await openDatabase(databaseOptions());
  await seedIfEmpty(database.db);
  const day = await seedTrackingDay(database.db, {
    // BENCH_VANS is this setting's former name, still read when the new one is unset.
    vehicleCount: Number(process.env.BENCH_VEHICLES ?? process.env.BENCH_VANS),
    pages: Number(process.env.BENCH_PAGES),
    secret: process.env.JWT_SECRET!,
    now: new Date(),
  });
  writeFileSync(process.env.BENCH_DAY_FILE!, JSON.stringify(day));
  await database.close();
  process.exit(0);
}

process.on("disconnect", () => process.exit(0));
const announce = (line: string) => process.send?.(line);

// BENCH_CPU_PROF_WINDOW=<folder>: the shop profiles the measured window alone (the bench says when it starts and
// ends), so its start and the pages' opening do not crowd the profile of what a position costs.
if (kind === "shop" && process.env.BENCH_CPU_PROF_WINDOW) {
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  process.on("message", (message) => {
    if (message === "profile-start") void session.post("Profiler.enable").then(() => session.post("Profiler.start"));
    else if (message === "profile-stop")
      void session.post("Profiler.stop").then(({ profile }) => {
        writeFileSync(join(process.env.BENCH_CPU_PROF_WINDOW!, `shop-window-${process.pid}.cpuprofile`), JSON.stringify(profile));
        announce("profile-written");
      });
  });
}

if (kind === "bare") {
  const message = JSON.parse(readFileSync(process.env.BENCH_MESSAGE!, "utf8")) as { legs: { van: unknown }[] };
  const listeners = new Map<number, Set<ServerResponse>>();
  const server = createServer((request, response) => {
    const url = request.url ?? "";
    const events = /^\/events\/(\d+)$/.exec(url);
    if (request.method === "GET" && events) {
      const runId = Number(events[1]);
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      response.write(`event: tracking\ndata: ${JSON.stringify(message)}\n\n`);
      let set = listeners.get(runId);
      if (!set) listeners.set(runId, (set = new Set()));
      set.add(response);
      request.on("close", () => set.delete(response));
      return;
    }
    if (request.method === "POST" && url === "/positions") {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { runId: number; positions: { lat: number; lon: number; at: string }[] };
        const fix = body.positions.at(-1)!;
        message.legs[0]!.van = { lat: fix.lat, lon: fix.lon, at: fix.at, ageSeconds: 0 };
        const frame = `event: tracking\ndata: ${JSON.stringify(message)}\n\n`;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ success: true, data: { stored: 1, duplicates: 0 } }));
        for (const listener of listeners.get(body.runId) ?? []) listener.write(frame);
      });
      return;
    }
    response.writeHead(404).end();
  });
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
    const address = server.address();
    announce(`ready ${typeof address === "object" && address ? address.port : 0}`);
  });
} else {
  const { openDatabase } = await import("../../src/server/db/client");
  const { parseEnv } = await import("../../src/server/env");
  const { runShopProcesses } = await import("../../src/server/server");
  const env = parseEnv({
    ...process.env,
    NODE_ENV: "development",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    HOST: "127.0.0.1",
    WORKERS: "1",
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    ORDER_SWEEP_SECONDS: "0",
  });
  await runShopProcesses(env, {
    open: async () => openDatabase(databaseOptions()),
    ready: (origin) => announce(`ready ${new URL(origin).port}`),
  });
}

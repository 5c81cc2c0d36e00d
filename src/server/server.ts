/**
 * The running shop: the API plus the prerendered pages, on one port; with WORKERS=N, N processes (node:cluster)
 * sharing that port on one PostgreSQL, the sweeper and the outbox poll running in one of them (outbox/leader.ts).
 */
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { createApp, type ShopApp } from "./app";
import type { CatalogueChanges } from "./change-feed/change-feed";
import type { Database, Db } from "./db/client";
import { paymentMethods } from "./db/schema";
import { demoPasswordsInUse } from "./auth/published-demo-accounts";
import { assertReadyToServe, shopMode, type Env } from "./env";
import { internalOrigin, publicOrigin } from "./origin";
import { trackConnections, type Drainable } from "./http/drain";
import { setProcessRestarts } from "./process-restarts";

export interface RunningServer {
  /** What a person opens. */
  url: string;
  /** The origin in absolute links (sitemap, mails, payment returns): PUBLIC_URL, else `url`. */
  publicUrl: string;
  /** What this machine's own processes (the build of the pages) call: no name resolution involved. */
  internalUrl: string;
  /** This shop's announcements of catalogue changes (the static-page publisher listens to them). */
  catalogue: CatalogueChanges;
  close(): Promise<void>;
}

/** The methods each country offers, as "ES:transferencia": production needs real settings for exactly these (its gateways, each transfer country's account). */
export async function enabledPaymentMethods(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ country: paymentMethods.countryCode, code: paymentMethods.code }).from(paymentMethods).where(eq(paymentMethods.enabled, true));
  return rows.map((row) => `${row.country}:${row.code}`);
}

/**
 * The HTTP server of an app: a catalogue read answered before is answered by the fast lane straight from Node's
 * request, before Hono builds anything for it (answer-cache/fast-lane.ts); every other request goes on to the app.
 * For `serve({ createServer })`.
 */
export function withFastLane(app: Pick<ShopApp, "fastLane">): typeof createServer {
  const create = (options: ServerOptions, listener: RequestListener) =>
    createServer(options, (req: IncomingMessage, res: ServerResponse) => {
      if (!app.fastLane.answerNode(req, res)) void listener(req, res);
    });
  return create as typeof createServer;
}

/**
 * Serves the shop. In production it refuses (throws, saying what is missing) unless mail, gateways and keys are
 * real and no demo account keeps its published password.
 */
export async function startServer(database: Database, env: Env, options: { background?: boolean } = {}): Promise<RunningServer> {
  assertReadyToServe(env, await enabledPaymentMethods(database.db));
  if (shopMode(env) === "production") {
    const open = await demoPasswordsInUse(database.db);
    if (open.length) {
      throw new Error(`Refusing to start in production (NODE_ENV=production):\n  demo accounts still have their published passwords: ${open.join(", ")} (change or delete them)`);
    }
  }
  // Filled in below once the port is known, so links made while serving name the port actually listened on.
  const runtimeEnv: Env = { ...env };
  const app = createApp({ db: database.db, readDb: database.readDb, env: runtimeEnv }, { distDir: env.DIST_DIR, outboxWorker: options.background ?? true });
  let server: ServerType;
  let drainable: Drainable | undefined;
  const port = await new Promise<number>((resolvePort, reject) => {
    server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, createServer: withFastLane(app), serverOptions: serverTimeouts(env) }, (info) => resolvePort(info.port));
    if ("closeIdleConnections" in server) drainable = trackConnections(server, { silentMs: silentConnectionMs(env) });
    server.once("error", reject);
  });
  const url = publicOrigin({ HOST: env.HOST, PORT: port });
  runtimeEnv.PUBLIC_URL ??= url;
  return {
    // Where it listens, with the port it got (PORT=0 picks a free one); PUBLIC_URL is for what the shop sends out.
    internalUrl: internalOrigin({ HOST: env.HOST, PORT: port }),
    url,
    publicUrl: publicOrigin(runtimeEnv),
    catalogue: app.catalogue,
    close: async () => {
      app.fastLane.standAside();
      await app.stopBackground();
      // Stop listening (once the connections waiting in the kernel are taken), answer every request sent, each with
      // Connection: close, close connections as they fall silent, and cut what is still open after the grace (a
      // stream, a stuck client) so the stop stays within a supervisor's patience (http/drain.ts).
      if (drainable) await drainable.drain(REQUEST_GRACE_MS);
      else await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/**
 * Node's clocks on a client (http/client-limits.ts counts what it holds): headers within REQUEST_HEADERS_SECONDS and
 * the whole request within REQUEST_BODY_SECONDS (Node's default was 300 s, so 1,000 slow bodies held 1,000 sockets
 * for five minutes), else 408 and the socket closed; looked at every second (Node's default: every 30 s). A new
 * connection that sends nothing is closed without an answer (`silentConnectionMs`, http/drain.ts `trackConnections`). An idle
 * kept-alive socket is closed after 65 s: longer than the idle timeout of proxies and HTTP clients, so a client never
 * reuses a socket the shop is closing (Node's 5 s default made a keep-alive request fail with ECONNRESET now and then).
 */
export function serverTimeouts(env: Pick<Env, "REQUEST_HEADERS_SECONDS" | "REQUEST_BODY_SECONDS">): ServerOptions {
  const headersTimeout = env.REQUEST_HEADERS_SECONDS * 1000;
  return {
    headersTimeout,
    requestTimeout: Math.max(headersTimeout, env.REQUEST_BODY_SECONDS * 1000),
    keepAliveTimeout: 65_000,
    connectionsCheckingInterval: CONNECTIONS_CHECKING_MS,
  };
}

/** How often Node looks at its connections' clocks. */
const CONNECTIONS_CHECKING_MS = 1_000;

/**
 * How long a new connection may stay silent: one checking interval less than the headers' clock. Node's check runs
 * on a timer of its own and counts a silent connection's headers as begun, so on a busy loop a check due just before
 * REQUEST_HEADERS_SECONDS but run late would answer it 408 first; the silent timer, due a whole interval earlier,
 * always runs before it (timers run in the order they are due) and closes the connection without a word.
 */
export function silentConnectionMs(env: Pick<Env, "REQUEST_HEADERS_SECONDS">): number {
  return Math.max(env.REQUEST_HEADERS_SECONDS * 1000 - CONNECTIONS_CHECKING_MS, CONNECTIONS_CHECKING_MS / 2);
}

/** How long requests in flight may take to finish once a stop is asked for (a container runtime waits 10 s). */
const REQUEST_GRACE_MS = 6_000;
/** Past this the process ends anyway, so a stop never outlasts a supervisor's 10 s before its SIGKILL. */
const STOP_DEADLINE_MS = 9_000;

export interface ShopProcessesOptions {
  /** Opens (and migrates) the shop's database. */
  open(env: Env): Promise<Database>;
  /**
   * Once, in the first process, with the database open and an API server answering at `server.internalUrl`
   * (seed, build the pages). With WORKERS > 1 that server is a private one, closed before the workers start.
   */
  prepare?(database: Database, server: RunningServer): Promise<void>;
  /** In every serving process once it listens (the static-page publisher); closed when the process stops. */
  serving?(database: Database, server: RunningServer): Promise<{ close(): Promise<void> }>;
  /** Told once the shop serves (every worker listening). */
  ready?(url: string): void;
  /**
   * `npm start`: serve from processes a primary watches and starts again when one dies, WORKERS=1 included. Without
   * it one process serves itself (the benchmarks' shops, which hear `ready` from the process they started).
   */
  supervise?: boolean;
}

/** Why WORKERS > 1 cannot run here, or null. */
export function workersRefusal(env: Env): string | null {
  if (env.WORKERS === 1) return null;
  if (!env.DATABASE_URL) {
    return `WORKERS=${env.WORKERS} needs PostgreSQL (DATABASE_URL): the embedded PGlite database belongs to one process. Set DATABASE_URL or use WORKERS=1.`;
  }
  if (env.PORT === 0) return "WORKERS > 1 needs a fixed PORT: the processes share it.";
  return null;
}

/** What is per process with WORKERS > 1 and should be said at start. */
function workerCaveats(env: Env): string[] {
  const notes: string[] = [];
  if (!env.REDIS_URL) notes.push("REDIS_URL is not set: each process counts login and code attempts on its own (the limits multiply by WORKERS).");
  if (shopMode(env) === "demo") notes.push("the payment simulators keep their transactions in each process's memory: a simulated payment may fail when its steps reach different processes.");
  return notes;
}

/** How long after a shop process died another is started in its place. */
export const RESTART_DELAY_MS = 1_000;

/**
 * `npm start`: a primary that supervises the processes serving the shop. With WORKERS=1 its one process does
 * everything (opens and migrates the database, seeds, builds the pages, serves); with WORKERS=N the primary does
 * the first steps once and forks N processes serving the same port. Either way a process that dies after the shop
 * served is started again within RESTART_DELAY_MS, the event logged and counted (`rodamos_process_restarts_total`
 * in /metrics); one that fails before the shop ever served ends `npm start` with its message (a setting to fix,
 * not a crash to outlive).
 */
export async function runShopProcesses(env: Env, options: ShopProcessesOptions): Promise<void> {
  if (cluster.isWorker) {
    listenForRestarts();
    return env.WORKERS === 1 ? runWhole(env, options) : runWorker(env, options);
  }
  const refusal = workersRefusal(env);
  if (refusal) throw new Error(refusal);
  if (env.WORKERS === 1 && !options.supervise) return runWhole(env, options);
  if (env.WORKERS > 1) {
    const database = await options.open(env);

    // The primary serves nothing itself: a private API for the build, then only the workers.
    try {
      assertReadyToServe(env, await enabledPaymentMethods(database.db));
      if (options.prepare) {
        const internal = await startServer(database, { ...env, PORT: 0, HOST: "127.0.0.1", PUBLIC_URL: env.PUBLIC_URL ?? publicOrigin(env) }, { background: false });
        try {
          await options.prepare(database, { ...internal, url: publicOrigin(env), publicUrl: env.PUBLIC_URL ?? publicOrigin(env) });
        } finally {
          await internal.close();
        }
      }
    } finally {
      await database.close();
    }
    for (const note of workerCaveats(env)) console.warn(`WORKERS=${env.WORKERS}: ${note}`);
  }
  superviseProcesses(env, () => options.ready?.(publicOrigin(env)));
}

/** Forks the serving processes and starts another whenever one dies; `allListening` once all first listen. */
function superviseProcesses(env: Env, allListening: () => void): void {
  let stopping = false;
  let served = false;
  let announced = false;
  let restarts = 0;
  const listening = new Set<number>();
  const alive = new Set<number>();
  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork({ SHOP_PROCESS_RESTARTS: String(restarts) });
    alive.add(worker.id);
    worker.on("message", (message: unknown) => {
      if ((message as { type?: string })?.type !== "listening") return;
      listening.add(worker.id);
      // WORKERS=1: the process says itself that the shop is ready (it knows the pages it built). WORKERS=N: once,
      // when the first N all listen (a process started again later is no news).
      if (!announced && env.WORKERS > 1 && listening.size === env.WORKERS) {
        announced = true;
        allListening();
      }
      served = true;
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    listening.delete(worker.id);
    alive.delete(worker.id);
    if (stopping) {
      if (alive.size === 0) process.exit(0);
      return;
    }
    if (!served) {
      // A start-up that fails (a setting, the database out of reach at start): its message is printed, npm start ends.
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exit(code || 1);
    }
    restarts += 1;
    console.error(`shop process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another in ${RESTART_DELAY_MS / 1000} s (restart ${restarts} since npm start)`);
    for (const other of Object.values(cluster.workers ?? {})) other?.send({ type: "restarts", count: restarts });
    // Not unref'd: with WORKERS=1 the one process that died was all that kept the primary's event loop alive, and a
    // primary with nothing else to wait on would end before the replacement is forked.
    setTimeout(fork, RESTART_DELAY_MS);
  });
  for (let index = 0; index < env.WORKERS; index += 1) fork();
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    if (alive.size === 0) process.exit(0);
    // Each process finishes its requests in flight and closes what it opened (stopOnSignals), then exits.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, shutdown);
}

/** In a serving process: the count of restarts the primary passes at fork and after each restart. */
function listenForRestarts(): void {
  setProcessRestarts(Number(process.env.SHOP_PROCESS_RESTARTS ?? 0));
  process.on("message", (message: unknown) => {
    const { type, count } = (message ?? {}) as { type?: unknown; count?: unknown };
    if (type === "restarts" && typeof count === "number") setProcessRestarts(count);
  });
}

/** WORKERS=1: the one serving process opens, prepares and serves, as a process without a primary would. */
async function runWhole(env: Env, options: ShopProcessesOptions): Promise<void> {
  // A stop may come at any moment of the start-up too: whatever is open by then is closed, in reverse order.
  const stop = stopOnSignals();
  const database = stop.add(await options.open(env));
  const server = stop.add(
    await startServer(database, env).catch(async (error: unknown) => {
      await database.close();
      throw error;
    }),
  );
  await options.prepare?.(database, server);
  const extra = await options.serving?.(database, server);
  if (extra) stop.add(extra);
  options.ready?.(server.url);
  if (cluster.isWorker) process.send?.({ type: "listening", url: server.url });
}

async function runWorker(env: Env, options: ShopProcessesOptions): Promise<void> {
  const stop = stopOnSignals();
  const database = stop.add(await options.open(env));
  const server = stop.add(await startServer(database, env));
  const extra = await options.serving?.(database, server);
  if (extra) stop.add(extra);
  process.send?.({ type: "listening", url: server.url });
}

interface Closable {
  close(): Promise<void>;
}

/**
 * A serving process ends cleanly on Ctrl-C or a stop (SIGINT, SIGTERM, SIGHUP), whenever it comes: what it opened
 * is closed in reverse order (the publisher, then the server, letting requests in flight finish, then the database,
 * releasing the embedded database's lock) and it exits 0. A second signal or the deadline ends it at once.
 */
export function stopOnSignals(exit: (code: number) => void = (code) => process.exit(code)): { add<T extends Closable>(item: T): T } {
  const opened: Closable[] = [];
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`The shop did not stop within ${STOP_DEADLINE_MS / 1000} s; ending it.`);
      exit(1);
    }, STOP_DEADLINE_MS).unref();
    let code = 0;
    for (const item of opened.reverse()) {
      try {
        await item.close();
      } catch (error) {
        code = 1;
        console.error(`While stopping: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown());
  // A launcher that dies without passing the stop on (npm killed outright) leaves this process to init: it stops too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown();
  }, 500).unref();
  return {
    add(item) {
      opened.push(item);
      return item;
    },
  };
}

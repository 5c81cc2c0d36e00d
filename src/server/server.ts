/**
 * The running shop: the API plus the prerendered pages, on one port; with WORKERS=N, N processes (node:cluster)
 * sharing that port on one PostgreSQL, the sweeper and the outbox poll running in one of them (outbox/leader.ts).
 */
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { eq, inArray, sql } from "drizzle-orm";
import { createApp, type ShopApp } from "./app";
import type { CatalogueChanges } from "./catalogue/changes";
import type { Database, Db } from "./db/client";
import { paymentMethods, users } from "./db/schema";
import { DEMO_ACCOUNTS } from "./db/seed/users";
import { verifyPassword } from "./auth/passwords";
import { assertReadyToServe, shopMode, type Env } from "./env";
import { internalOrigin, publicOrigin } from "./origin";

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

/** The payment codes some country offers: production needs real gateway settings for exactly these. */
export async function enabledPaymentMethods(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ code: paymentMethods.code }).from(paymentMethods).where(eq(paymentMethods.enabled, true));
  return rows.map((row) => row.code);
}

/** Demo accounts that still open with the password printed in the README: in production, anyone's way in. */
async function demoPasswordsInUse(db: Db): Promise<string[]> {
  const demo = Object.values(DEMO_ACCOUNTS);
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, demo.map((account) => account.email)));
  const open: string[] = [];
  for (const row of rows) {
    const account = demo.find((candidate) => candidate.email === row.email.toLowerCase());
    if (account && (await verifyPassword(row.passwordHash, account.password))) open.push(row.email);
  }
  return open;
}

/**
 * The HTTP server of an app: a catalogue read answered before is answered by the fast lane straight from Node's
 * request, before Hono builds anything for it (catalogue/fast-lane.ts); every other request goes on to the app.
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
  const app = createApp({ db: database.db, env: runtimeEnv }, { distDir: env.DIST_DIR, outboxWorker: options.background ?? true });
  let server: ServerType;
  const port = await new Promise<number>((resolvePort, reject) => {
    server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, createServer: withFastLane(app) }, (info) => resolvePort(info.port));
    server.once("error", reject);
  });
  // Longer than the idle timeout of proxies and HTTP clients, so a client never reuses a socket the shop is closing
  // (Node's 5 s default made a keep-alive request fail with ECONNRESET now and then).
  if ("keepAliveTimeout" in server!) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  const url = publicOrigin({ HOST: env.HOST, PORT: port });
  runtimeEnv.PUBLIC_URL ??= url;
  return {
    // Where it listens, with the port it got (PORT=0 picks a free one); PUBLIC_URL is for what the shop sends out.
    internalUrl: internalOrigin({ HOST: env.HOST, PORT: port }),
    url,
    publicUrl: publicOrigin(runtimeEnv),
    catalogue: app.catalogue,
    close: async () => {
      await app.stopBackground();
      await new Promise<void>((done) => {
        server.close(() => done());
        // Kept-alive sockets would hold the close for up to the keep-alive time: idle ones go now.
        if ("closeIdleConnections" in server) server.closeIdleConnections();
      });
    },
  };
}

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

/**
 * `npm start`: one process (WORKERS=1), or a primary that migrates, seeds and builds once and then forks
 * WORKERS processes serving the same port, starting a new one whenever one dies.
 */
export async function runShopProcesses(env: Env, options: ShopProcessesOptions): Promise<void> {
  if (cluster.isWorker) return runWorker(env, options);
  const refusal = workersRefusal(env);
  if (refusal) throw new Error(refusal);
  const database = await options.open(env);
  if (env.WORKERS === 1) {
    const server = await startServer(database, env).catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    await options.prepare?.(database, server);
    const extra = await options.serving?.(database, server);
    options.ready?.(server.url);
    stopOnSignals(database, server, extra);
    return;
  }

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
  let stopping = false;
  let listening = 0;
  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message: unknown) => {
      if ((message as { type?: string })?.type !== "listening") return;
      listening += 1;
      if (listening === env.WORKERS) options.ready?.(publicOrigin(env));
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.warn(`shop worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    setTimeout(fork, 1_000).unref();
  });
  for (let index = 0; index < env.WORKERS; index += 1) fork();
  const shutdown = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    cluster.disconnect(() => process.exit(0));
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

async function runWorker(env: Env, options: ShopProcessesOptions): Promise<void> {
  const database = await options.open(env);
  const server = await startServer(database, env);
  const extra = await options.serving?.(database, server);
  process.send?.({ type: "listening", url: server.url });
  stopOnSignals(database, server, extra);
}

/** A serving process ends cleanly on Ctrl-C or a stop: its extras (the publisher), then the server, then the database. */
function stopOnSignals(database: Database, server: RunningServer, extra: { close(): Promise<void> } | undefined): void {
  const shutdown = async () => {
    await extra?.close();
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

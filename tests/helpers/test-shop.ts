/**
 * The one way the API tests start the shop: the real app over a fresh, migrated database (the demo catalogue
 * unless `seed: false`), its own data folder (so each shop reads only its own mail drop), and a clock the test
 * can move. `listen` puts it on a random loopback port, for the payment adapters that reach the simulators
 * over HTTP as they would reach Transbank or MercadoPago; `paymentHarness` adds the adapters' own test bench.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { signSessionToken } from "../../src/server/auth/session-tokens";
import { createApp } from "../../src/server/app";
import { seedDemoData } from "../../src/server/seed";
import { parseEnv, type Env } from "../../src/server/env";
import { mailDropDir, type DroppedMail } from "../../src/server/mail/mailer";
import type { CatalogueChange } from "../../src/server/change-feed/change-feed";
import { readMailDrop } from "../../src/server/mail/mail-drop";
import { insertUser } from "./fixtures";
import type { Role } from "../../src/shared/domain/roles";
import { mountPaymentHarness, type PaymentHarness } from "./payment-harness";
import { openTestDatabase } from "./test-database";
import { eq } from "drizzle-orm";
import { users } from "../../src/server/db/schema";
import type { Database } from "../../src/server/db/client";

const JWT_SECRET = "test-shop-secret-that-is-long-enough-for-hs256";

export interface ShopOptions {
  /** Load the demo catalogue (default true). */
  seed?: boolean;
  /** A clock of the test's own; otherwise real time moved by `clock.offset`. */
  now?: () => Date;
  /** Settings over the test defaults, e.g. `{ PAYMENT_TIMEOUT_MINUTES: "1" }`. */
  env?: Record<string, string | undefined>;
  /** Serve on a random loopback port (`origin`), which the payment adapters call back into. */
  listen?: boolean;
  /** Mount the payment adapters' test bench (implies `listen`). */
  paymentHarness?: boolean;
  /** A database the test opened itself (closed with the shop), instead of a fresh one. */
  database?: Database;
  /** Every attempt-limit window shortened to this: the limiter keeps real time, so a test waits a lock out. */
  rateWindowMs?: number;
  /** Replaces the log-in delay's timer (a test records the waits instead of sitting through them). */
  pause?: (ms: number) => Promise<void>;
}

export interface Answer<T = unknown> {
  status: number;
  body: AnswerBody<T>;
  headers: Headers;
}
export interface AnswerBody<T> {
  success: boolean;
  data: T;
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export interface CallOptions {
  /** Sent as `Authorization: Bearer …`. */
  token?: string;
  /** The caller's address (default 10.0.0.1); 127.0.0.1 acts as a local proxy that forwards `x-forwarded-for`. */
  ip?: string;
  headers?: Record<string, string>;
}

let userCount = 0;

export async function openTestShop(options: ShopOptions = {}) {
  const database = options.database ?? (await openTestDatabase());
  if (options.seed ?? true) await seedDemoData(database.db);
  const dataDir = mkdtempSync(join(tmpdir(), "rodamos-test-"));
  const clock = { offset: 0 };
  const now = options.now ?? (() => new Date(Date.now() + clock.offset));
  // Counters in a shared Redis outlive the run: every address this run names is its own.
  const run = Math.random().toString(36).slice(2, 8);

  let handler: (request: Request, bindings?: object) => Response | Promise<Response> = () => new Response("starting", { status: 503 });
  const server = options.listen || options.paymentHarness ? await listen((request, bindings) => handler(request, bindings)) : undefined;
  // Browsers use the public name; the shop calls itself on loopback (HOST is 127.0.0.1).
  const origin = server ? `http://localhost:${server.port}` : "http://localhost";
  const listening = server ? { PUBLIC_URL: origin, PORT: String(server.port) } : {};
  // REDIS_URL, when the run sets it, puts the attempt counters in Redis: the same suite proves both stores.
  // Tests that fire dozens of purchases at once test the seats, not the purchase queue: on a slow machine they wait
  // their turn as long as the queue allows rather than being told to come back (tests/api/orders-admission.test.ts).
  const env = parseEnv({ NODE_ENV: "test", JWT_SECRET, DATA_DIR: dataDir, REDIS_URL: process.env.REDIS_URL, PURCHASE_QUEUE_WAIT_MS: "14000", ...listening, ...options.env });
  const app = createApp({ db: database.db, env, now, rateWindowMs: options.rateWindowMs, pause: options.pause });
  const payments = options.paymentHarness ? mountPaymentHarness(app, env, origin, options.now) : undefined;
  handler = payments ? payments.fetch : app.fetch;

  async function call<T = unknown>(method: string, path: string, body?: unknown, callOptions: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      headers["content-type"] ??= "application/json";
    }
    // The node server hands the socket to routes as env.incoming; the tests name an address the same way.
    // A loopback peer stays loopback (a local proxy); then the forwarded address gets the run's mark instead.
    const ip = callOptions.ip ?? "10.0.0.1";
    const loopback = ip === "127.0.0.1";
    if (loopback && headers["x-forwarded-for"]) headers["x-forwarded-for"] = `${headers["x-forwarded-for"]}#${run}`;
    const response = await handler(new Request(`${origin}${path}`, init), { incoming: { socket: { remoteAddress: loopback ? ip : `${ip}#${run}` } } });
    const text = await response.text();
    return { status: response.status, body: parseJson(text) as AnswerBody<T>, headers: response.headers };
  }

  /** A plain GET whose answer may not be JSON (pages, the dev mail drop), from this machine (the demo tools answer only it). */
  async function getPage(path: string) {
    const response = await handler(new Request(`${origin}${path}`), { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
    return { status: response.status, text: await response.text() };
  }

  /** Mails the shop has sent to that address; what its outbox still owed is delivered first. */
  async function mailsTo(email: string): Promise<DroppedMail[]> {
    await app.outbox.drain();
    return (await readMailDrop(mailDropDir(dataDir))).filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
  }

  /** The token at the end of the newest mailed link of that kind. */
  async function lastToken(email: string, page: "verify-account" | "recovery-account"): Promise<string> {
    const link = (await mailsTo(email)).flatMap((mail) => mail.links).find((href) => href.includes(`/${page}/`));
    if (!link) throw new Error(`no ${page} mail to ${email}`);
    return link.split("/").pop()!;
  }

  /** A valid sign-up form with a fresh email. */
  function signUpBody(overrides: Record<string, unknown> = {}) {
    userCount += 1;
    return {
      email: `persona${userCount}.${Date.now()}@example.com`,
      plainPassword: "secreto1",
      firstName: "María José",
      lastName: "Pérez",
      phoneNumber: "573001234567",
      countryCode: "CO",
      birthday: "1990-05-17",
      ...overrides,
    };
  }

  /** A customer who signed up, verified by the mailed link and logged in, all through the API. */
  async function customer(overrides: Record<string, unknown> = {}) {
    const body = signUpBody(overrides);
    // Each from an address of its own: sign-ups are limited per address.
    const registered = await call("POST", "/shop-api/register", body, { ip: `10.250.${Math.floor(userCount / 250) % 250}.${userCount % 250}` });
    if (registered.status !== 201) throw new Error(`register: ${JSON.stringify(registered.body)}`);
    const verified = await call("GET", `/shop-api/verify-account?token=${await lastToken(body.email as string, "verify-account")}`);
    if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified.body)}`);
    const login = await call<{ token: string }>("POST", "/shop-api/login", { email: body.email, password: body.plainPassword });
    if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
    return { email: body.email as string, password: body.plainPassword as string, token: login.body.data.token };
  }

  /** A verified account inserted directly with a minted session token: no mails, no log-in rate limit. */
  async function buyer(role: Role = "customer") {
    userCount += 1;
    const user = await insertUser(database.db, { email: `comprador${userCount}.${Date.now()}@example.com`, verifiedAt: now(), role });
    const { token } = await signSessionToken(new TextEncoder().encode(JWT_SECRET), { userId: user.id, role, tokenVersion: user.tokenVersion }, now());
    return { id: user.id, email: user.email, token };
  }

  /** A new session token of an existing account, minted at the shop's clock (for tests that move the clock on). */
  async function signIn(userId: number): Promise<string> {
    const [user] = await database.db.select({ role: users.role, tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, userId));
    if (!user) throw new Error(`no user ${userId}`);
    return (await signSessionToken(new TextEncoder().encode(JWT_SECRET), { userId, role: user.role, tokenVersion: user.tokenVersion }, now())).token;
  }

  /**
   * A test that writes catalogue rows itself says so, as the shop's own writers do after they commit: the answer
   * cache of the public reads drops what the change touches (by default every event answer).
   */
  function catalogueChanged(change: CatalogueChange = { area: "events" }) {
    app.catalogue.announce(change);
  }

  /** The same database behind an app with other settings or another clock (production, simulators off …). */
  // Every app this shop opened: each may hold a listening connection (the catalogue relay) to end before the drop.
  const apps = [app];
  function otherApp(other: { env?: Record<string, string | undefined>; now?: () => Date }) {
    const opened = createApp({ db: database.db, env: parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, ...other.env }), now: other.now ?? now });
    apps.push(opened);
    return opened;
  }

  return {
    db: database.db,
    app,
    engine: database.engine,
    env: env as Env,
    origin,
    clock,
    now,
    payments: payments as PaymentHarness | undefined,
    call,
    getPage,
    mailsTo,
    lastToken,
    signUpBody,
    customer,
    buyer,
    signIn,
    catalogueChanged,
    otherApp,
    async close() {
      if (server) await server.close();
      await Promise.all(apps.map((opened) => opened.stopBackground()));
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestShop = Awaited<ReturnType<typeof openTestShop>>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text; // not JSON: the raw text is what the test sees
  }
}

/** The socket reaches the app as the real server hands it over (`env.incoming`): routes see the true peer. */
async function listen(fetch: (request: Request, bindings?: object) => Response | Promise<Response>) {
  let server!: ServerType;
  const port = await new Promise<number>((resolve, reject) => {
    server = serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve(info.port));
    server.once("error", reject);
  });
  return { port, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/**
 * The real app for the account tests: a fresh seeded database, its own data folder (so each file reads only
 * its own outbox), a clock the test can move, and calls that name the caller's IP address.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/server/app";
import { seedDemoData } from "../../src/server/db/seed";
import { parseEnv } from "../../src/server/env";
import { readOutbox } from "../../src/server/mail/outbox";
import type { OutboxEntry } from "../../src/server/mail/mailer";
import { openTestDatabase } from "../helpers/test-database";

export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; data: T; code: string; message: string; fields?: Record<string, string> };
}

export async function openAccountShop() {
  const database = await openTestDatabase();
  /** Real time moved by `offset` ms: tests jump ahead to expire links, sessions and limits. */
  const clock = { offset: 0 };
  await seedDemoData(database.db);
  const dataDir = mkdtempSync(join(tmpdir(), "rodamos-account-"));
  // REDIS_URL, when the run sets it, puts the attempt counters in Redis: the same suite proves both stores.
  const env = parseEnv({ NODE_ENV: "test", JWT_SECRET: "account-tests-secret-long-enough-for-hs256", DATA_DIR: dataDir, REDIS_URL: process.env.REDIS_URL });
  // Counters in a shared Redis outlive the run: every address this run names is its own.
  const run = Math.random().toString(36).slice(2, 8);
  const app = createApp({ db: database.db, env, now: () => new Date(Date.now() + clock.offset) });

  async function call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: { token?: string; ip?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      headers["content-type"] ??= "application/json";
    }
    // The node server hands the socket to routes as env.incoming; the tests name an address the same way.
    // A loopback peer stays loopback (a local proxy); then the forwarded address gets the run's mark instead.
    const ip = options.ip ?? "10.0.0.1";
    const loopback = ip === "127.0.0.1";
    if (loopback && headers["x-forwarded-for"]) headers["x-forwarded-for"] = `${headers["x-forwarded-for"]}#${run}`;
    const response = await app.request(path, init, { incoming: { socket: { remoteAddress: loopback ? ip : `${ip}#${run}` } } });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Answer<T>["body"] };
  }

  async function mailsTo(email: string): Promise<OutboxEntry[]> {
    return (await readOutbox(join(dataDir, "outbox"))).filter((mail) => mail.to === email.toLowerCase());
  }

  /** The token at the end of the newest mailed link of that kind. */
  async function lastToken(email: string, page: "verify-account" | "recovery-account"): Promise<string> {
    const mail = (await mailsTo(email)).find((entry) => entry.links.some((link) => link.includes(`/${page}/`)));
    if (!mail) throw new Error(`no ${page} mail to ${email}`);
    return mail.links.find((link) => link.includes(`/${page}/`))!.split("/").pop()!;
  }

  let counter = 0;
  function signUpBody(overrides: Record<string, unknown> = {}) {
    counter += 1;
    return {
      email: `persona${counter}.${Date.now()}@example.com`,
      plainPassword: "secreto1",
      firstName: "María José",
      lastName: "Pérez",
      phoneNumber: "573001234567",
      countryCode: "CO",
      birthday: "1990-05-17",
      ...overrides,
    };
  }

  /** A verified customer, logged in: their email, password and token. */
  async function customer(overrides: Record<string, unknown> = {}) {
    const body = signUpBody(overrides);
    const registered = await call("POST", "/shop-api/register", body);
    if (registered.status !== 201) throw new Error(`register: ${JSON.stringify(registered.body)}`);
    const verified = await call("GET", `/shop-api/verify-account?token=${await lastToken(body.email as string, "verify-account")}`);
    if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified.body)}`);
    const login = await call<{ token: string }>("POST", "/shop-api/login", { email: body.email, password: body.plainPassword });
    if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
    return { email: body.email as string, password: body.plainPassword as string, token: login.body.data.token };
  }

  /** A plain GET whose answer may not be JSON (the dev pages). */
  async function getPage(path: string) {
    const response = await app.request(path);
    return { status: response.status, text: await response.text() };
  }

  return {
    getPage,
    db: database.db,
    engine: database.engine,
    env,
    clock,
    call,
    mailsTo,
    lastToken,
    signUpBody,
    customer,
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type AccountShop = Awaited<ReturnType<typeof openAccountShop>>;

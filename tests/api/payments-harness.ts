/**
 * The real shop listening on a random port (the adapters reach the simulators over HTTP, as they would reach
 * Transbank or MercadoPago), plus a stand-in for the purchase work's webhook route, and a "browser" that posts
 * forms and reads redirects without following them.
 */
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { createApp } from "../../src/server/app";
import type { Database } from "../../src/server/db/client";
import { parseEnv, type Env } from "../../src/server/env";
import { ApiError } from "../../src/server/http/answer";
import { createPaymentAdapters, type PaymentAdapters, type PaymentStartInput, type WebhookResult } from "../../src/server/payments";
import { openTestDatabase } from "../helpers/test-database";

export const WEBHOOK_PATH = "/test-hooks/mercadopago";

export interface WebhookCall {
  status: number;
  result?: WebhookResult;
  code?: string;
}

export interface PaymentShop {
  origin: string;
  env: Env;
  adapters: PaymentAdapters;
  webhooks: WebhookCall[];
  /** Fresh adapters with an empty ledger: the shop after a restart. */
  restartedAdapters(): PaymentAdapters;
  input(overrides?: Partial<PaymentStartInput>): PaymentStartInput;
  close(): Promise<void>;
}

export async function openPaymentShop(options: { env?: Record<string, string>; now?: () => Date } = {}): Promise<PaymentShop> {
  const database: Database = await openTestDatabase();
  let handler: (request: Request) => Response | Promise<Response> = () => new Response("starting", { status: 503 });
  let server!: ServerType;
  const port = await new Promise<number>((resolve, reject) => {
    server = serve({ fetch: (request) => handler(request), port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve(info.port));
    server.once("error", reject);
  });
  // Browsers use the public name; the shop calls itself on loopback (HOST is 127.0.0.1).
  const origin = `http://localhost:${port}`;
  const env = parseEnv({ NODE_ENV: "test", PUBLIC_URL: origin, PORT: String(port), DATA_DIR: ".tmp/test-data", ...options.env });
  const shop = createApp({ db: database.db, env, now: options.now });
  const adapters = createPaymentAdapters(env, { now: options.now });
  const webhooks: WebhookCall[] = [];

  // Stand-in for the purchase work's webhook route: hand the request to the adapter, answer what it decides.
  const outer = new Hono();
  outer.post(WEBHOOK_PATH, async (c) => {
    try {
      const result = await adapters.get("mercadopago").handleWebhook(c.req.raw);
      webhooks.push({ status: 200, result });
      return c.json({ success: true, data: result });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      webhooks.push({ status: error.status, code: error.code });
      return c.json({ success: false, code: error.code }, error.status);
    }
  });
  outer.all("*", (c) => shop.fetch(c.req.raw));
  handler = (request) => outer.fetch(request);

  return {
    origin,
    env,
    adapters,
    webhooks,
    restartedAdapters: () => createPaymentAdapters(env, { now: options.now }),
    input: (overrides = {}) => ({
      orderId: 42,
      amount: 120_000,
      currency: "COP",
      buyerEmail: "ana@example.com",
      description: "Rodamos: traslado Estéreo Picnic (2 tickets)",
      returnUrl: `${origin}/order-detail/42`,
      notificationUrl: `${origin}${WEBHOOK_PATH}`,
      ...overrides,
    }),
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      await database.close();
    },
  };
}

/** A browser form submission that does not follow redirects. */
export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** The query parameters of a redirect, checked to go back to `expectedBase`. */
export function redirectParams(response: Response, expectedBase: string): Record<string, string> {
  const location = response.headers.get("location");
  if (!location) throw new Error(`expected a redirect, got ${response.status}`);
  const url = new URL(location);
  if (`${url.origin}${url.pathname}` !== expectedBase) throw new Error(`redirected to ${location}, not ${expectedBase}`);
  return Object.fromEntries(url.searchParams);
}

/** The action and hidden fields of the auto-submitted form a provider returns by POST. */
export function autoPostForm(page: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error("no return form on the page");
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return { action: action.replaceAll("&amp;", "&"), fields };
}

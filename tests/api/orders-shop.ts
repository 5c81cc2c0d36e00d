/**
 * The real shop listening on a random port over a fresh seeded database, for the purchase tests: the payment
 * adapters reach the simulators over loopback HTTP as they would reach Transbank or MercadoPago. Buyers are
 * inserted directly with a minted session token (no sign-up mails, no log-in rate limit); a clock the test can
 * move; the outbox in a folder of its own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { and, asc, eq } from "drizzle-orm";
import { signSessionToken } from "../../src/server/auth/session-tokens";
import { createApp } from "../../src/server/app";
import type { Db } from "../../src/server/db/client";
import { categories, counties, eventDates, events, productVariants, users } from "../../src/server/db/schema";
import { seedDemoData } from "../../src/server/db/seed";
import { parseEnv } from "../../src/server/env";
import type { OutboxEntry } from "../../src/server/mail/mailer";
import { readOutbox } from "../../src/server/mail/outbox";
import type { PurchaseInput } from "../../src/shared/schemas/purchase";
import { openTestDatabase } from "../helpers/test-database";

const JWT_SECRET = "orders-tests-secret-that-is-long-enough-for-hs256";

export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; data: T; code: string; message: string; fields?: Record<string, string> };
}

let userCount = 0;

export async function openOrderShop(options: { env?: Record<string, string> } = {}) {
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const dataDir = mkdtempSync(join(tmpdir(), "rodamos-orders-"));
  const clock = { offset: 0 };
  const now = () => new Date(Date.now() + clock.offset);

  let handler: (request: Request) => Response | Promise<Response> = () => new Response("starting", { status: 503 });
  let server!: ServerType;
  const port = await new Promise<number>((resolve, reject) => {
    server = serve({ fetch: (request) => handler(request), port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve(info.port));
    server.once("error", reject);
  });
  const origin = `http://localhost:${port}`;
  const env = parseEnv({ NODE_ENV: "test", JWT_SECRET, PUBLIC_URL: origin, PORT: String(port), DATA_DIR: dataDir, ...options.env });
  const app = createApp({ db: database.db, env, now });
  handler = (request) => app.fetch(request);
  const db: Db = database.db;

  async function call<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Answer<T>["body"] };
  }

  /** A verified account with a session token (role customer unless told). */
  async function buyer(role = "customer") {
    userCount += 1;
    const email = `comprador${userCount}.${Date.now()}@example.com`;
    const [user] = await db
      .insert(users)
      .values({
        email,
        passwordHash: `test-hash-${userCount}`,
        firstName: "Camila",
        lastName: "Prueba",
        phoneNumber: "573001234567",
        countryCode: "CO",
        localeCode: "es_CO",
        verifiedAt: now(),
        role,
      })
      .returning();
    const { token } = await signSessionToken(new TextEncoder().encode(JWT_SECRET), { userId: user!.id, role, passwordHash: user!.passwordHash }, now());
    return { id: user!.id, email, token };
  }

  async function mailsTo(email: string): Promise<OutboxEntry[]> {
    return (await readOutbox(join(dataDir, "outbox"))).filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
  }

  return {
    db,
    engine: database.engine,
    env,
    origin,
    clock,
    now,
    call,
    buyer,
    mailsTo,
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type OrderShop = Awaited<ReturnType<typeof openOrderShop>>;

/** A demo event with what a purchase names: its next date, its variants by province, counties per province. */
export async function eventOffer(db: Db, slug: string) {
  const [event] = await db.select().from(events).where(eq(events.slug, slug));
  if (!event) throw new Error(`no demo event ${slug}`);
  const dates = await db.select().from(eventDates).where(eq(eventDates.eventId, event.id)).orderBy(asc(eventDates.startDate));
  const variants = await db
    .select({ variant: productVariants })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(eq(categories.eventId, event.id))
    .orderBy(asc(productVariants.id));
  const upcoming = dates.filter((date) => date.startDate > new Date());
  return {
    event,
    eventDateId: upcoming[0]!.id,
    dates: upcoming,
    variants: variants.map((row) => row.variant),
    /** Variants of one province with typed addresses (no fixed pick-up points). */
    typed(provinceId: number) {
      return variants.map((row) => row.variant).filter((variant) => variant.provinceId === provinceId && variant.approaches.length === 0);
    },
  };
}

export async function countyOf(db: Db, provinceId: number): Promise<number> {
  const [county] = await db.select({ id: counties.id }).from(counties).where(and(eq(counties.provinceId, provinceId))).limit(1);
  return county!.id;
}

/** A valid purchase body: one ticket per variant given, one passenger and one address each. */
export function purchaseBody(
  offer: Awaited<ReturnType<typeof eventOffer>>,
  variantIds: number[],
  countyId: number,
  overrides: Partial<PurchaseInput> = {},
): PurchaseInput {
  const variant = offer.variants.find((v) => v.id === variantIds[0])!;
  return {
    url: `/event/${offer.event.slug}`,
    eventDateId: offer.eventDateId,
    provinceId: variant.provinceId,
    paymentCode: "webpay",
    tickets: variantIds.map((productVariantId) => ({
      placeId: offer.event.placeId,
      productVariantId,
      passengers: [{ name: "Camila Prueba", email: "camila@example.com", phone: "3001234567", passengerAddress: "Calle 1 # 2-3" }],
      addresses: [{ address: "Calle 1 # 2-3", commune_id: countyId }],
    })),
    ...overrides,
  };
}

/** A browser request that does not follow redirects. */
export function visit(url: string, init: RequestInit = {}) {
  return fetch(url, { ...init, redirect: "manual" });
}

/**
 * Demo and production modes: the demo's outbox and payment simulators answer this machine only (the socket's
 * peer, never X-Forwarded-For); production has neither, nor the API reference page, and refuses to start
 * without real mail, gateway and signing settings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { seedIfEmpty } from "../../src/server/seed";
import { parseEnv } from "../../src/server/env";
import { startServer, type RunningServer } from "../../src/server/server";
import { openTestDatabase } from "../helpers/test-database";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

/** The refusal of a start that must fail; a server that started anyway is stopped before the test fails. */
function refusalOf(start: Promise<RunningServer>): Promise<Error | undefined> {
  return start.then(
    async (server) => {
      await server.close();
      return undefined;
    },
    (refusal: Error) => refusal,
  );
}

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
const SIM_PAGE = "/payments-sim/mercadopago/checkout/v1/redirect?pref_id=none";

const PRODUCTION = {
  NODE_ENV: "production",
  JWT_SECRET: "Kp3vQ9-wZr7LmX2_bT8nY4cH6jD1fG5sA0eR",
  SMTP_URL: "smtp://mail.example.com:587",
  PUBLIC_URL: "https://shop.example.com",
  WEBPAY_BASE_URL: "https://webpay3g.transbank.cl",
  WEBPAY_COMMERCE_CODE: "597012345678",
  WEBPAY_API_KEY: "shop-own-api-key",
  MERCADOPAGO_BASE_URL: "https://api.mercadopago.com",
  MERCADOPAGO_ACCESS_TOKEN: "APP_USR-real-token",
  MERCADOPAGO_WEBHOOK_SECRET: "a-real-webhook-secret-1234",
  TRANSFER_ACCOUNT_ID: "123-456789-01",
  TRANSFER_DNI: "901.234.567-8",
  TRANSFER_EMAIL: "pagos@shop.example.com",
  ORDER_SWEEP_SECONDS: "0",
  // Every other country that sells by transfer names its own company and a real account.
  COUNTRY_SELLERS: JSON.stringify({
    CL: { legalName: "Traslados Sur SpA", taxIdKind: "RUT", taxId: "76.123.456-7", address: "Av. Apoquindo 3000, Santiago", accounts: [{ bank: "Banco de Chile", type: "Cuenta corriente", number: "00-123-45678-09", holder: "Traslados Sur SpA", holderId: "76.123.456-7", email: "pagos@traslados.cl" }] },
    ES: { legalName: "Traslados Ibéricos S.L.", taxIdKind: "NIF", taxId: "B12345678", address: "Calle de Alcalá 100, Madrid", accounts: [{ bank: "Banco Sabadell", iban: "ES9121000418450200051332", bic: "BSABESBBXXX", holder: "Traslados Ibéricos S.L.", holderId: "B12345678", email: "pagos@traslados.es" }] },
    PE: { legalName: "Traslados Andinos S.A.C.", taxIdKind: "RUC", taxId: "20601234567", address: "Av. Arequipa 500, Lima", accounts: [{ bank: "Interbank", type: "Cuenta corriente", number: "200-3001234567", holder: "Traslados Andinos S.A.C.", holderId: "20601234567", email: "pagos@traslados.pe" }] },
    MX: { legalName: "Traslados del Valle S.A. de C.V.", taxIdKind: "RFC", taxId: "TVA010101AB1", address: "Av. Reforma 222, Ciudad de México", accounts: [{ bank: "BBVA México", type: "CLABE", number: "012180001234567891", holder: "Traslados del Valle S.A. de C.V.", holderId: "TVA010101AB1", email: "pagos@traslados.mx" }] },
  }),
};

describe("demo mode", () => {
  it("shows the outbox to this machine and to nobody else", async () => {
    await shop.call("POST", "/shop-api/register", shop.signUpBody());
    expect((await shop.app.request("/dev/outbox.json", {}, from("127.0.0.1"))).status).toBe(200);
    expect((await shop.app.request("/dev/outbox", {}, from("::1"))).status).toBe(200);
    expect((await shop.app.request("/dev/outbox.json", {}, from("203.0.113.9"))).status).toBe(404);
    expect((await shop.app.request("/dev/outbox", {}, from("10.0.0.2"))).status).toBe(404);
  });

  it("does not believe X-Forwarded-For, and refuses what a proxy forwards even from loopback", async () => {
    const spoofed = await shop.app.request("/dev/outbox.json", { headers: { "x-forwarded-for": "127.0.0.1" } }, from("203.0.113.9"));
    expect(spoofed.status).toBe(404);
    const proxied = await shop.app.request("/dev/outbox.json", { headers: { "x-forwarded-for": "203.0.113.9" } }, from("127.0.0.1"));
    expect(proxied.status).toBe(404);
  });

  it("serves the payment simulators to this machine only", async () => {
    expect((await shop.app.request(SIM_PAGE, {}, from("127.0.0.1"))).headers.get("content-type")).toMatch(/^text\/html/);
    const outside = await shop.app.request(SIM_PAGE, {}, from("198.51.100.4"));
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ code: "not_found" });
  });
});

describe("production mode", () => {
  it("has no outbox, no simulators (whatever PAYMENT_SIMULATORS says) and no API reference page", async () => {
    const app = shop.otherApp({ env: { ...PRODUCTION, PAYMENT_SIMULATORS: "true" } });
    expect((await app.request("/dev/outbox", {}, from("127.0.0.1"))).status).toBe(404);
    expect((await app.request("/dev/outbox.json", {}, from("127.0.0.1"))).status).toBe(404);
    const simulator = await app.request(SIM_PAGE, {}, from("127.0.0.1"));
    expect(simulator.status).toBe(404);
    expect(simulator.headers.get("content-type")).toContain("application/json");
    expect((await app.request("/api/reference", {}, from("127.0.0.1"))).status).toBe(404);
    expect((await app.request("/api/health", {}, from("127.0.0.1"))).status).toBe(200);
  });

  it("refuses to start without mail, signing key and real gateways for the enabled methods, naming each", async () => {
    const attempt = startServer({ db: shop.db, engine: "pglite", close: async () => {} }, { ...parseEnv({ NODE_ENV: "production", DATA_DIR: shop.env.DATA_DIR }), PORT: 0 });
    const error = await refusalOf(attempt);
    expect(error?.message).toContain("Refusing to start in production");
    for (const name of ["JWT_SECRET", "SMTP_URL", "PUBLIC_URL", "WEBPAY_BASE_URL", "WEBPAY_COMMERCE_CODE", "MERCADOPAGO_ACCESS_TOKEN", "TRANSFER_ACCOUNT_ID"]) {
      expect(error?.message).toContain(name);
    }
  });

  it("refuses PAYMENT_SIMULATORS=true and demo accounts that keep their published passwords", async () => {
    const env = { ...parseEnv({ ...PRODUCTION, DATA_DIR: shop.env.DATA_DIR, PAYMENT_SIMULATORS: "true" }), PORT: 0 };
    const simulators = await refusalOf(startServer({ db: shop.db, engine: "pglite", close: async () => {} }, env));
    expect(simulators?.message).toContain("PAYMENT_SIMULATORS");
    const demo = await refusalOf(startServer({ db: shop.db, engine: "pglite", close: async () => {} }, { ...env, PAYMENT_SIMULATORS: undefined }));
    expect(demo?.message).toContain("admin@rodamos.co");
  });

  it("never loads demo data into an empty database: only countries, geography and payment methods", { timeout: 90_000 }, async () => {
    const database = await openTestDatabase();
    try {
      expect(await seedIfEmpty(database.db, "production")).toBe("reference");
      const count = async (table: string) => {
        const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
        return rows[0]!.n;
      };
      expect(await count("users")).toBe(0);
      expect(await count("events")).toBe(0);
      expect(await count("landing_slides")).toBe(0);
      expect(await count("countries")).toBeGreaterThan(0);
      expect(await count("payment_methods")).toBeGreaterThan(0);
      // A second start finds data and adds nothing.
      expect(await seedIfEmpty(database.db, "production")).toBe(false);
    } finally {
      await database.close();
    }
  });

  it("starts with every setting real", { timeout: 90_000 }, async () => {
    const database = await openTestDatabase();
    let server: RunningServer | undefined;
    try {
      server = await startServer(database, { ...parseEnv({ ...PRODUCTION, HOST: "127.0.0.1", DATA_DIR: shop.env.DATA_DIR }), PORT: 0 });
      const health = await fetch(`${server.internalUrl}/api/health`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      const outbox = await fetch(`${server.internalUrl}/dev/outbox.json`);
      expect(outbox.status).toBe(404);
      await outbox.arrayBuffer();
    } finally {
      // Stopped even when an expectation failed: a listening server would outlive the test.
      await server?.close();
      await database.close();
    }
  });
});

/**
 * The methods without a gateway (transferencia, prepagado), the choice of adapter by payment code, and the
 * simulators' mount.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/server/env";
import { createShopContext } from "../../src/server/composition";
import { createPaymentAdapters } from "../../src/server/payments";
import { openTestShop, type TestShop } from "../helpers/test-shop";

const input = {
  orderId: 9,
  amount: 240_000,
  currency: "COP",
  buyerEmail: "ana@example.com",
  description: "Rodamos: traslado",
  returnUrl: "http://localhost:4321/order-detail/9",
  notificationUrl: "http://localhost:4321/shop-api/payments/mercadopago/webhook",
};

describe("transferencia", () => {
  it("answers the bank details from the settings and leaves the order waiting for staff", async () => {
    const adapters = createPaymentAdapters(parseEnv({ NODE_ENV: "test" }));
    const start = await adapters.get("transferencia").start(input);
    expect(start.response).toEqual({ bankName: "Bancolombia", accountId: "000-000000-00", accountType: "Ahorros", dni: "900.000.000-0", email: "pagos@rodamos.example", holder: "Rodamos S.A.S." });
    expect(await adapters.get("transferencia").confirmReturn({ orderId: "9" })).toMatchObject({ outcome: "pending", reason: "awaiting_staff", orderId: 9 });
  });

  it("reads each bank detail from its own setting", async () => {
    const env = parseEnv({
      NODE_ENV: "test",
      TRANSFER_BANK_NAME: "Banco de Bogotá",
      TRANSFER_ACCOUNT_ID: "123-456789-01",
      TRANSFER_ACCOUNT_TYPE: "Corriente",
      TRANSFER_DNI: "901.234.567-8",
      TRANSFER_EMAIL: "transferencias@rodamos.co",
    });
    const start = await createPaymentAdapters(env).get("transferencia").start(input);
    expect(start.response).toEqual({ bankName: "Banco de Bogotá", accountId: "123-456789-01", accountType: "Corriente", dni: "901.234.567-8", email: "transferencias@rodamos.co", holder: "Rodamos S.A.S." });
  });
});

describe("prepagado", () => {
  it("needs no payment: an empty payment response and an order that is paid at once", async () => {
    const start = await createPaymentAdapters(parseEnv({ NODE_ENV: "test" })).get("prepagado").start(input);
    expect(start.response).toEqual({});
    expect(start.providerReference).toBeNull();
  });
});

describe("adapter choice", () => {
  it("refuses an unknown payment code with a stable code", () => {
    const adapters = createPaymentAdapters(parseEnv({ NODE_ENV: "test" }));
    expect(() => adapters.get("bitcoin")).toThrow(expect.objectContaining({ code: "payment_method_unavailable" }));
    expect(adapters.get("webpay").code).toBe("webpay");
  });

  it("methods without provider notifications refuse a webhook", async () => {
    const adapters = createPaymentAdapters(parseEnv({ NODE_ENV: "test" }));
    for (const code of ["webpay", "transferencia", "prepagado"]) {
      await expect(adapters.get(code).handleWebhook(new Request("http://localhost/x", { method: "POST" }))).rejects.toMatchObject({ code: "not_found" });
    }
  });
});

describe("simulator mount", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ seed: false });
  });
  afterAll(async () => {
    await shop.close();
  });

  it("serves the simulators under /payments-sim, and not at all when PAYMENT_SIMULATORS is off", async () => {
    const page = `/payments-sim/webpay/webpayserver/initTransaction?token_ws=${"0".repeat(64)}`;
    const local = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
    const shown = await shop.app.request(page, {}, local);
    expect(shown.status).toBe(404);
    expect(shown.headers.get("content-type")).toContain("text/html");
    expect(await shown.text()).toContain("Página de pago de prueba");

    const off = shop.otherApp({ env: { PAYMENT_SIMULATORS: "false" } });
    const hidden = await off.request(page, {}, local);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ success: false, code: "not_found" });

    const production = shop.otherApp({ env: { NODE_ENV: "production" } });
    expect((await production.request(page, {}, local)).headers.get("content-type")).toContain("application/json");
  });

  it("gives each app its own adapters, so one app's in-memory ledger is not another's", () => {
    const setup = { db: shop.db, env: parseEnv({ NODE_ENV: "test" }) };
    expect(createShopContext(setup).payments).not.toBe(createShopContext(setup).payments);
  });
});

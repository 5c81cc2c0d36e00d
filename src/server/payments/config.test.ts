import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET, paymentSettings } from "./config";

describe("payment settings", () => {
  it("point every gateway at the shop's own simulators by default", () => {
    const settings = paymentSettings(parseEnv({ PUBLIC_URL: "https://shop.example/", PORT: "4400" }));
    // The shop calls its own simulators on loopback; buyers are sent to pages on the public origin.
    expect(settings.webpay).toMatchObject({ baseUrl: "http://127.0.0.1:4400/payments-sim/webpay", commerceCode: "597055555532", simulated: true });
    expect(settings.mercadopago).toMatchObject({ baseUrl: "http://127.0.0.1:4400/payments-sim/mercadopago", simulated: true });
    expect(settings.publicUrl).toBe("https://shop.example");
    expect(settings.simulatorsEnabled).toBe(true);
    expect(settings.timeoutMinutes).toBe(20);
  });

  it("fall back to localhost on PORT without PUBLIC_URL, and to the public origin while the port is unknown", () => {
    expect(paymentSettings(parseEnv({ PORT: "5000" })).publicUrl).toBe("http://localhost:5000");
    expect(paymentSettings(parseEnv({ PORT: "5000", HOST: "0.0.0.0" })).internalUrl).toBe("http://127.0.0.1:5000");
    const unknownPort = { ...parseEnv({ PUBLIC_URL: "http://127.0.0.1:7000" }), PORT: 0 };
    expect(paymentSettings(unknownPort).webpay.baseUrl).toBe("http://127.0.0.1:7000/payments-sim/webpay");
  });

  it("use a real gateway when its URL is set", () => {
    const settings = paymentSettings(
      parseEnv({
        WEBPAY_BASE_URL: "https://webpay3gint.transbank.cl",
        MERCADOPAGO_BASE_URL: "https://api.mercadopago.com",
        MERCADOPAGO_ACCESS_TOKEN: "APP_USR-123",
        MERCADOPAGO_WEBHOOK_SECRET: "a-real-secret-from-the-dashboard",
      }),
    );
    expect(settings.webpay).toMatchObject({ baseUrl: "https://webpay3gint.transbank.cl", simulated: false });
    expect(settings.mercadopago).toMatchObject({ baseUrl: "https://api.mercadopago.com", accessToken: "APP_USR-123", simulated: false });
    expect(settings.mercadopago.webhookSecret).not.toBe(SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET);
  });

  it("refuse a real MercadoPago without its own token and webhook secret (the simulator's secret is public)", () => {
    expect(() => paymentSettings(parseEnv({ MERCADOPAGO_BASE_URL: "https://api.mercadopago.com" }))).toThrow(/MERCADOPAGO_WEBHOOK_SECRET/);
  });

  it("turn the simulators off in production unless asked for", () => {
    expect(paymentSettings(parseEnv({ NODE_ENV: "production" })).simulatorsEnabled).toBe(false);
    expect(paymentSettings(parseEnv({ NODE_ENV: "production", PAYMENT_SIMULATORS: "true" })).simulatorsEnabled).toBe(true);
    expect(paymentSettings(parseEnv({ PAYMENT_SIMULATORS: "false" })).simulatorsEnabled).toBe(false);
  });

  it("stop the server on a wrong setting", () => {
    expect(() => parseEnv({ PAYMENT_TIMEOUT_MINUTES: "0" })).toThrow(/PAYMENT_TIMEOUT_MINUTES/);
    expect(() => parseEnv({ WEBPAY_BASE_URL: "not a url" })).toThrow(/WEBPAY_BASE_URL/);
  });
});

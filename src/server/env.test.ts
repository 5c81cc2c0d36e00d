import { describe, expect, it } from "vitest";
import { SIMULATOR_MERCADOPAGO_ACCESS_TOKEN, SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET } from "./payments/config";
import { secretStrengthBits } from "./auth/secret-strength";
import { parseEnv, productionProblems, secretBits } from "./env";

/** Settings a real production shop would have: every check below spoils one of them. */
const REAL = {
  NODE_ENV: "production",
  JWT_SECRET: "q7Vh2Zk9LmP4xR8sT1wY6bN3cD5fG0jK",
  SMTP_URL: "smtp://mail.example.com:587",
  PUBLIC_URL: "https://shop.rodamos.co",
  WEBPAY_BASE_URL: "https://webpay3g.transbank.cl",
  WEBPAY_COMMERCE_CODE: "597012345678",
  WEBPAY_API_KEY: "shop-own-api-key",
  MERCADOPAGO_BASE_URL: "https://api.mercadopago.com",
  MERCADOPAGO_ACCESS_TOKEN: "APP_USR-real-token",
  MERCADOPAGO_WEBHOOK_SECRET: "a-real-webhook-secret-1234",
  TRANSFER_ACCOUNT_ID: "123-456789-01",
  TRANSFER_DNI: "901.234.567-8",
  TRANSFER_EMAIL: "pagos@rodamos.co",
};
const METHODS = ["webpay", "mercadopago", "transferencia"];
const problems = (overrides: Record<string, string | undefined>) => productionProblems(parseEnv({ ...REAL, ...overrides }), METHODS);

describe("a production start", () => {
  it("has nothing to refuse when every setting is real", () => {
    expect(problems({})).toEqual([]);
  });

  it.each([
    ["a JWT secret of one repeated character", { JWT_SECRET: "a".repeat(32) }, "JWT_SECRET"],
    ["a JWT secret of two characters", { JWT_SECRET: "ab".repeat(20) }, "JWT_SECRET"],
    ["a JWT secret of 32 distinct characters in a row", { JWT_SECRET: "0123456789abcdefghijklmnopqrstuv" }, "JWT_SECRET"],
    ["a JWT secret of words", { JWT_SECRET: "rodamos-jwt-secret-change-me-now-2026" }, "JWT_SECRET"],
    ["a JWT secret that is a keyboard run", { JWT_SECRET: "qwertyuiopasdfghjklzxcvbnm1234567890" }, "JWT_SECRET"],
    ["a JWT secret of a repeated word", { JWT_SECRET: "Shuttle2026!".repeat(4) }, "JWT_SECRET"],
    ["a JWT secret that is an English sentence", { JWT_SECRET: "production-secret-that-is-long-enough-for-hs256" }, "JWT_SECRET"],
    ["an http:// public origin", { PUBLIC_URL: "http://shop.rodamos.co" }, "PUBLIC_URL"],
    ["Transbank's integration host", { WEBPAY_BASE_URL: "https://webpay3gint.transbank.cl" }, "WEBPAY_BASE_URL"],
    ["the MercadoPago simulator's URL", { MERCADOPAGO_BASE_URL: "http://127.0.0.1:4321/payments-sim/mercadopago" }, "MERCADOPAGO_BASE_URL"],
    ["the MercadoPago simulator's token", { MERCADOPAGO_ACCESS_TOKEN: SIMULATOR_MERCADOPAGO_ACCESS_TOKEN }, "MERCADOPAGO_ACCESS_TOKEN"],
    ["the MercadoPago simulator's webhook secret", { MERCADOPAGO_WEBHOOK_SECRET: SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET }, "MERCADOPAGO_WEBHOOK_SECRET"],
    ["the sample bank e-mail", { TRANSFER_EMAIL: undefined }, "TRANSFER_EMAIL"],
    ["the sample bank account", { TRANSFER_ACCOUNT_ID: undefined }, "TRANSFER_ACCOUNT_ID"],
    ["several processes without Redis", { WORKERS: "2", DATABASE_URL: "postgres://db/shop" }, "REDIS_URL"],
  ])("refuses %s, naming the setting", (_what, overrides, setting) => {
    const found = problems(overrides);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(setting);
  });

  it("takes several processes with Redis", () => {
    expect(problems({ WORKERS: "2", DATABASE_URL: "postgres://db/shop", REDIS_URL: "redis://127.0.0.1:6379" })).toEqual([]);
  });
});

describe("a replica for reads", () => {
  it("is taken beside PostgreSQL and refused on the embedded database, naming the setting", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://db/shop", DATABASE_READ_URL: "postgres://replica/shop" }).DATABASE_READ_URL).toBe("postgres://replica/shop");
    expect(() => parseEnv({ DATABASE_READ_URL: "postgres://replica/shop" })).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
  });
});

describe("a secret's strength", () => {
  it("is judged past the characters' spread: runs, sequences, repetitions and words count as what guessing them costs", () => {
    expect(secretStrengthBits("0123456789abcdefghijklmnopqrstuv")).toBeLessThan(32);
    expect(secretStrengthBits("rodamos-jwt-secret-change-me-now-2026")).toBeLessThan(64);
    expect(secretStrengthBits("correct-horse-battery-staple-and-more-words")).toBeLessThan(128);
    // 32 random base64url characters (24 bytes of openssl rand), underscores and dashes included.
    expect(secretStrengthBits("Kp3vQ9-wZr7LmX2_bT8nY4cH6jD1fG5s")).toBeGreaterThan(128);
    expect(secretStrengthBits("q7Vh2Zk9LmP4xR8sT1wY6bN3cD5fG0jK")).toBeGreaterThan(128);
  });

  it("refuses the published examples by name", () => {
    expect(problems({ JWT_SECRET: "0123456789abcdefghijklmnopqrstuv" })).toEqual(["JWT_SECRET is a published example: use a random one, e.g. `openssl rand -base64 48`"]);
  });

  it("is nothing for a repeated character and more than 128 bits for 32 random base64 characters", () => {
    expect(secretBits("a".repeat(64))).toBe(0);
    expect(secretBits("q7Vh2Zk9LmP4xR8sT1wY6bN3cD5fG0jK")).toBeGreaterThan(128);
  });
});

describe("each country's company and transfer account", () => {
  const SPAIN = {
    legalName: "Traslados Rodamos España S.L.",
    taxIdKind: "NIF",
    taxId: "B12345678",
    address: "Calle Mayor 1, 28013 Madrid",
    accounts: [{ bank: "Banco Sabadell", iban: "ES91 2100 0418 4502 0005 1332", bic: "BSABESBBXXX", holder: "Traslados Rodamos España S.L.", holderId: "B12345678", email: "pagos@rodamos.es" }],
  };
  const inCountries = (overrides: Record<string, string | undefined>, methods: string[]) => productionProblems(parseEnv({ ...REAL, ...overrides }), methods);

  it("refuses a production start while a country that sells by transfer has only the sample account, naming the country", () => {
    const found = inCountries({}, ["CO:mercadopago", "CO:transferencia", "ES:transferencia"]);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("COUNTRY_SELLERS.ES");
  });

  it("starts once that country's company and account are set, and asks nothing of a country without transfers", () => {
    expect(inCountries({ COUNTRY_SELLERS: JSON.stringify({ ES: SPAIN }) }, ["CO:transferencia", "ES:transferencia", "PE:mercadopago"])).toEqual([]);
  });

  it("refuses Colombia's sample account too, by its older settings' names", () => {
    expect(inCountries({ TRANSFER_ACCOUNT_ID: undefined }, ["CO:transferencia"])[0]).toContain("TRANSFER_ACCOUNT_ID");
  });

  it("refuses settings that are not JSON, name no known country, or an account with neither number nor IBAN", () => {
    expect(() => parseEnv({ COUNTRY_SELLERS: "{ES:" })).toThrow(/COUNTRY_SELLERS/);
    expect(() => parseEnv({ COUNTRY_SELLERS: JSON.stringify({ XX: SPAIN }) })).toThrow(/COUNTRY_SELLERS/);
    const noNumber = { ...SPAIN, accounts: [{ ...SPAIN.accounts[0], iban: undefined }] };
    expect(() => parseEnv({ COUNTRY_SELLERS: JSON.stringify({ ES: noNumber }) })).toThrow(/number or its IBAN/);
  });

  it("reads an IBAN as typed, spaces and case aside", () => {
    expect(parseEnv({ COUNTRY_SELLERS: JSON.stringify({ ES: SPAIN }) }).COUNTRY_SELLERS?.ES?.accounts[0]?.iban).toBe("ES9121000418450200051332");
  });
});

describe("a setting renamed", () => {
  it("is read under its former name, the new name winning when both are set", () => {
    expect(parseEnv({ NODE_ENV: "test" }).VEHICLE_SEATS).toBe(15);
    expect(parseEnv({ NODE_ENV: "test", VAN_SEATS: "9" }).VEHICLE_SEATS).toBe(9);
    expect(parseEnv({ NODE_ENV: "test", VAN_SEATS: "9", VEHICLE_SEATS: "12" }).VEHICLE_SEATS).toBe(12);
    expect(() => parseEnv({ NODE_ENV: "test", VAN_SEATS: "0" })).toThrow(/VEHICLE_SEATS/);
  });
});

/**
 * Limits that cannot be turned into a weapon or switched off: strangers failing an account from many addresses
 * never lock its owner out (a growing delay instead), an address pair is locked; sign-up and the public forms are
 * limited per address; and a Redis that cannot be reached keeps the limits in the process instead of dropping them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DELAY, accountDelayMs, LOGIN_QUEUE_MAX_MS } from "../../src/server/auth/rate-limit";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const login = (email: string, password: string, ip: string) => shop.call("POST", "/shop-api/login", { email, password }, { ip });

describe("log-in failures from strangers", () => {
  it("do not lock the owner out: the right password from a new address still works, after a short delay", { timeout: 60_000 }, async () => {
    const person = await shop.customer();
    // 6 failures from three addresses, 2 each: no pair is near its limit, the account is past the free 5.
    for (const ip of ["10.7.0.1", "10.7.0.2", "10.7.0.3"]) {
      for (let i = 0; i < 2; i += 1) expect((await login(person.email, `guess-${i}`, ip)).status).toBe(401);
    }
    const started = Date.now();
    const owner = await login(person.email, person.password, "10.7.9.9");
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    // Success clears the delay for the next log-in.
    const again = Date.now();
    expect((await login(person.email, person.password, "10.7.9.9")).status).toBe(200);
    expect(Date.now() - again).toBeLessThan(500);
  });

  it("lock only the address that made them: the owner elsewhere gets in", async () => {
    const person = await shop.customer();
    for (let i = 0; i < 5; i += 1) await login(person.email, `guess-${i}`, "10.8.0.1");
    expect((await login(person.email, person.password, "10.8.0.1")).status).toBe(429);
    expect((await login(person.email, person.password, "10.8.0.2")).status).toBe(200);
  });
});

describe("guesses sent at once", () => {
  it("are counted before any password is checked: of 40 at once from one address, 5 are evaluated, the rest refused", async () => {
    const person = await shop.customer();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(person.email, `burst-${i}`, "10.11.0.1")));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  });
});

describe("guesses at one account sent at once from many addresses", () => {
  it("wait one after another: of 200 from 200 addresses, each waits for the ones before it, and those past the queue are refused untried", { timeout: 120_000 }, async () => {
    // A shop whose clock stands still and that records each log-in wait instead of sitting through it.
    const waits: number[] = [];
    const at = new Date();
    const recording = await openTestShop({ pause: async (ms) => void waits.push(ms), now: () => at });
    try {
      const person = await recording.customer();
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => recording.call("POST", "/shop-api/login", { email: person.email, password: `spread-${i}` }, { ip: `10.12.${i}.1` })),
      );
      // One after another, the k-th failure starts when the one before it has ended and waits accountDelayMs(k - 1)
      // more: the waits add up, and a guess whose wait would pass the queue's longest is refused at once.
      const delays = Array.from({ length: 200 }, (_, k) => accountDelayMs(k)).filter((ms) => ms > 0);
      const queued: number[] = [];
      for (const ms of delays) {
        const wait = (queued.at(-1) ?? 0) + ms;
        if (wait > LOGIN_QUEUE_MAX_MS) break;
        queued.push(wait);
      }
      expect([...waits].sort((a, b) => a - b)).toEqual(queued);
      expect(queued.at(-1)).toBeGreaterThan(ACCOUNT_DELAY.maxMs);
      const tried = ACCOUNT_DELAY.freeFailures + queued.length;
      expect(answers.filter((answer) => answer.status === 401)).toHaveLength(tried);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(200 - tried);
      expect(refused[0]!.body).toMatchObject({ code: "too_many_attempts", message: "Demasiados intentos. Inténtalo de nuevo en 1 minuto." });
      // Their passwords were never tried: the right one, sent in the same burst, is refused as well.
      const owner = await recording.call("POST", "/shop-api/login", { email: person.email, password: person.password }, { ip: "10.13.0.1" });
      expect(owner.status).toBe(429);
    } finally {
      await recording.close();
    }
  });
});

describe("per-address limits", () => {
  it("refuse the 21st sign-up from one address within the hour, in the caller's language", async () => {
    for (let i = 0; i < 20; i += 1) expect((await shop.call("POST", "/shop-api/register", shop.signUpBody(), { ip: "10.9.0.1" })).status).toBe(201);
    const refused = await shop.call("POST", "/shop-api/register", shop.signUpBody(), { ip: "10.9.0.1", headers: { "x-locale": "en_US" } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "too_many_attempts", message: "Too many attempts. Try again in 60 minutes." });
    // The standard header says the same wait, in seconds.
    expect(Number(refused.headers.get("retry-after"))).toBe(60 * 60);
    expect((await shop.call("POST", "/shop-api/register", shop.signUpBody(), { ip: "10.9.0.2" })).status).toBe(201);
  });

  it("refuse the 21st public form from one address within the hour, whichever form", async () => {
    const contact = { name: "Laura Gómez", email: "laura@example.com", phone: "+5730012345", message: "¿Tienen traslados desde Chía?" };
    for (let i = 0; i < 20; i += 1) expect((await shop.call("POST", "/api/contact", contact, { ip: "10.10.0.1" })).status).toBe(201);
    const refused = await shop.call("POST", "/api/contact", contact, { ip: "10.10.0.1" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Demasiados intentos. Inténtalo de nuevo en 60 minutos.");
    expect((await shop.call("POST", "/api/contact", contact, { ip: "10.10.0.2" })).status).toBe(201);
  });

  it("refuse the 11th recovery mail from one address within the hour", async () => {
    for (let i = 0; i < 10; i += 1) await shop.call("POST", "/shop-api/recovery", { email: `nadie${i}.${Date.now()}@example.com` }, { ip: "10.11.0.1" });
    expect((await shop.call("POST", "/shop-api/recovery", { email: `otro.${Date.now()}@example.com` }, { ip: "10.11.0.1" })).status).toBe(429);
  });
});

describe("with Redis unreachable", () => {
  it("keeps counting in the process: the sixth try from one address is refused, never let through", { timeout: 90_000 }, async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    const down = await openTestShop({ env: { REDIS_URL: "redis://127.0.0.1:1" } });
    try {
      const person = await down.customer();
      for (let i = 0; i < 5; i += 1) expect((await down.call("POST", "/shop-api/login", { email: person.email, password: `guess-${i}` }, { ip: "10.12.0.1" })).status).toBe(401);
      const sixth = await down.call("POST", "/shop-api/login", { email: person.email, password: person.password }, { ip: "10.12.0.1" });
      expect(sixth.status).toBe(429);
      expect(errors.some((line) => String(line).includes("rate limiter store unavailable"))).toBe(true);
    } finally {
      console.error = original;
      await down.close();
    }
  });
});

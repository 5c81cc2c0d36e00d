/**
 * Sign-up, verification, log-in, rate limits, recovery and reset through the real app.
 */
import { createHash } from "node:crypto";
import { parseOptions } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userTokens, users } from "../../src/server/db/schema";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

async function userRow(email: string) {
  const [row] = await shop.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

async function accountCount() {
  const [row] = await shop.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

describe("POST /shop-api/register", () => {
  it("creates an unverified customer with an argon2id hash and mails a localized verification link", async () => {
    const body = shop.signUpBody({ email: "Nueva.Persona@Example.com" });
    const answer = await shop.call("POST", "/shop-api/register", body);
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ email: "nueva.persona@example.com" });

    const row = await userRow("nueva.persona@example.com");
    expect(row).toMatchObject({ firstName: "María José", lastName: "Pérez", countryCode: "CO", role: "customer", verifiedAt: null });
    expect(row!.birthday).toBe("1990-05-17");
    expect(row!.passwordHash).not.toContain("secreto1");
    const options = parseOptions(row!.passwordHash);
    expect(options.algorithm).toBe(2);
    expect(options.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(options.timeCost).toBeGreaterThanOrEqual(2);

    const [mail] = await shop.mailsTo("nueva.persona@example.com");
    expect(mail!.subject).toBe("Confirma tu cuenta en Rodamos");
    expect(mail!.links[0]).toMatch(/^http:\/\/localhost:4321\/verify-account\/[A-Za-z0-9_-]{40,}$/);
    expect(mail!.text).toContain(mail!.links[0]);
    expect(mail!.html).toContain(`href="${mail!.links[0]}"`);
    expect(mail!.html).toContain("Hola María José:");
  });

  it("writes the link under the person's site prefix and in their language", async () => {
    const body = shop.signUpBody({ countryCode: "CL" });
    const answer = await shop.call("POST", "/shop-api/register", body, { headers: { "x-locale": "en_US" } });
    expect(answer.status).toBe(201);
    const [mail] = await shop.mailsTo(body.email as string);
    expect(mail!.subject).toBe("Confirm your Rodamos account");
    expect(mail!.links[0]).toContain("/cl/en-us/verify-account/");
    expect((await userRow(body.email as string))!.localeCode).toBe("en_US");
  });

  it("refuses an email that is already registered, whatever its case, with the spec's message", async () => {
    const body = shop.signUpBody();
    expect((await shop.call("POST", "/shop-api/register", body)).status).toBe(201);
    const again = await shop.call("POST", "/shop-api/register", { ...body, email: (body.email as string).toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: "email_already_registered", message: "El correo ingresado ya se encuentra registrado" });
    const english = await shop.call("POST", "/shop-api/register", body, { headers: { "x-locale": "en_US" } });
    expect(english.body.message).toBe("The email entered is already registered");
    const rows = await shop.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, (body.email as string).toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  it.each([
    ["email", { email: undefined }, "El email es requerido"],
    ["email", { email: "" }, "El email es requerido"],
    ["email", { email: "no-es-un-correo" }, "El email no es válido"],
    ["plainPassword", { plainPassword: undefined }, "La contraseña es requerida"],
    ["plainPassword", { plainPassword: "1234" }, "La contraseña debe tener al menos 5 caracteres"],
    ["firstName", { firstName: " " }, "El nombre es requerido"],
    ["firstName", { firstName: "Ana3" }, "El nombre solo puede contener letras"],
    ["lastName", { lastName: undefined }, "El apellido es requerido"],
    ["lastName", { lastName: "Pérez!" }, "El apellido solo puede contener letras"],
    ["phoneNumber", { phoneNumber: "" }, "El teléfono es requerido"],
    ["phoneNumber", { phoneNumber: "+57 300-123" }, "El teléfono solo puede contener números"],
    ["birthday", { birthday: "" }, "La fecha de nacimiento es requerida"],
    ["birthday", { birthday: "1990-02-30" }, "La fecha de nacimiento no es válida"],
    ["birthday", { birthday: tomorrow }, "La fecha de nacimiento no puede estar en el futuro"],
    ["countryCode", { countryCode: "XX" }, "No atendemos ese país"],
  ])("refuses an invalid %s (%j) and stores nothing", async (field, overrides, message) => {
    const body = shop.signUpBody(overrides);
    const accountsBefore = await accountCount();
    const answer = await shop.call("POST", "/shop-api/register", body);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("validation_failed");
    expect(answer.body.fields?.[field]).toBe(message);
    expect(await accountCount()).toBe(accountsBefore);
  });

  it("translates field messages into the caller's language", async () => {
    const answer = await shop.call("POST", "/shop-api/register", shop.signUpBody({ firstName: "" }), { headers: { "x-locale": "pt_BR" } });
    expect(answer.body.fields?.firstName).toBe("O nome é obrigatório");
  });
});

describe("GET /shop-api/verify-account", () => {
  it("verifies once; the same link then fails as used", async () => {
    const body = shop.signUpBody();
    await shop.call("POST", "/shop-api/register", body);
    const token = await shop.lastToken(body.email as string, "verify-account");
    const first = await shop.call("GET", `/shop-api/verify-account?token=${token}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ verified: true });
    expect((await userRow(body.email as string))!.verifiedAt).toBeInstanceOf(Date);
    const again = await shop.call("GET", `/shop-api/verify-account?token=${token}`);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe("token_used");
  });

  it("refuses an expired link and leaves the account unverified", async () => {
    const body = shop.signUpBody();
    await shop.call("POST", "/shop-api/register", body);
    const token = await shop.lastToken(body.email as string, "verify-account");
    shop.clock.offset = 49 * 3_600_000;
    try {
      const answer = await shop.call("GET", `/shop-api/verify-account?token=${token}`);
      expect(answer.status).toBe(410);
      expect(answer.body.code).toBe("token_expired");
    } finally {
      shop.clock.offset = 0;
    }
    expect((await userRow(body.email as string))!.verifiedAt).toBeNull();
  });

  it("refuses a forged or malformed token", async () => {
    const forged = await shop.call("GET", `/shop-api/verify-account?token=${"A".repeat(43)}`);
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe("token_invalid");
    const malformed = await shop.call("GET", "/shop-api/verify-account?token=../../etc");
    expect(malformed.status).toBe(422);
    const missing = await shop.call("GET", "/shop-api/verify-account");
    expect(missing.status).toBe(422);
  });

  it("stores only a hash of the token", async () => {
    const body = shop.signUpBody();
    await shop.call("POST", "/shop-api/register", body);
    const token = await shop.lastToken(body.email as string, "verify-account");
    const stored = await shop.db.select({ tokenHash: userTokens.tokenHash }).from(userTokens);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);
    expect(stored.map((row) => row.tokenHash)).toContain(createHash("sha256").update(token).digest("hex"));
  });
});

describe("POST /shop-api/login", () => {
  it("answers a signed token with an expiry that opens the account calls", async () => {
    const person = await shop.customer();
    const [, payload] = person.token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as { exp: number; sub: string };
    expect(claims.exp * 1000).toBeGreaterThan(Date.now() + 60_000);
    const session = await shop.call<{ userId: number; expiresAt: string }>("GET", "/shop-api/session", undefined, { token: person.token });
    expect(session.status).toBe(200);
    expect(session.body.data.userId).toBe(Number(claims.sub));
    const me = await shop.call<{ email: string }>("GET", "/shop-api/me", undefined, { token: person.token });
    expect(me.body.data.email).toBe(person.email);
  });

  it("gives the same login_error for a wrong password and an unknown email", async () => {
    const person = await shop.customer();
    const wrong = await shop.call("POST", "/shop-api/login", { email: person.email, password: "otra-clave" }, { ip: "10.1.0.1" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: "login_error", message: "Email o contraseña incorrectos" });
    const unknown = await shop.call("POST", "/shop-api/login", { email: `nadie.${Date.now()}@example.com`, password: "otra-clave" }, { ip: "10.1.0.1" });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe("login_error");
  });

  it("validates the body with the spec's keys", async () => {
    const answer = await shop.call("POST", "/shop-api/login", { email: "x", password: "123" });
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toEqual({ email: "El email no es válido", password: "La contraseña debe tener al menos 5 caracteres" });
  });

  it("tells an unverified account to verify (only with the right password) and can send a new link", async () => {
    const body = shop.signUpBody();
    await shop.call("POST", "/shop-api/register", body);
    const firstToken = await shop.lastToken(body.email as string, "verify-account");
    const wrong = await shop.call("POST", "/shop-api/login", { email: body.email, password: "nope-nope" }, { ip: "10.1.0.2" });
    expect(wrong.body.code).toBe("login_error");
    const right = await shop.call("POST", "/shop-api/login", { email: body.email, password: body.plainPassword }, { ip: "10.1.0.2" });
    expect(right.status).toBe(403);
    expect(right.body.code).toBe("account_not_verified");

    const resend = await shop.call("POST", "/shop-api/resend-verification", { email: body.email }, { ip: "10.1.0.2" });
    expect(resend.status).toBe(200);
    const newToken = await shop.lastToken(body.email as string, "verify-account");
    expect(newToken).not.toBe(firstToken);
    // Only the newest link counts.
    expect((await shop.call("GET", `/shop-api/verify-account?token=${firstToken}`)).status).toBe(410);
    expect((await shop.call("GET", `/shop-api/verify-account?token=${newToken}`)).status).toBe(200);
    const after = await shop.call("POST", "/shop-api/login", { email: body.email, password: body.plainPassword }, { ip: "10.1.0.2" });
    expect(after.status).toBe(200);
    const verifiedAgain = await shop.call("POST", "/shop-api/resend-verification", { email: body.email }, { ip: "10.1.0.2" });
    expect(verifiedAgain.status).toBe(409);
  });

  it("locks an account and address pair after 5 wrong passwords, with the minutes to wait", async () => {
    const person = await shop.customer();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await shop.call("POST", "/shop-api/login", { email: person.email, password: `wrong-${i}` }, { ip: "10.2.0.1" });
      expect(wrong.status).toBe(401);
    }
    const locked = await shop.call("POST", "/shop-api/login", { email: person.email, password: person.password }, { ip: "10.2.0.1" });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("too_many_attempts");
    expect(locked.body.message).toBe("Demasiados intentos. Inténtalo de nuevo en 15 minutos.");
    const english = await shop.call("POST", "/shop-api/login", { email: person.email, password: person.password }, { ip: "10.2.0.1", headers: { "x-locale": "en_US" } });
    expect(english.body.message).toBe("Too many attempts. Try again in 15 minutes.");
  });

  it("lets a locked pair in again once the window has ended", { timeout: 60_000 }, async () => {
    // The limiter keeps real time (not the shop's clock): a shop whose windows last a few seconds is waited out.
    const quick = await openTestShop({ rateWindowMs: 4000 });
    try {
      const person = await quick.customer();
      const attempt = (password: string) => quick.call("POST", "/shop-api/login", { email: person.email, password }, { ip: "10.2.0.9" });
      for (let i = 0; i < 5; i += 1) expect((await attempt(`wrong-${i}`)).status).toBe(401);
      expect((await attempt(person.password)).status).toBe(429);
      await new Promise((done) => setTimeout(done, 4100));
      expect((await attempt(person.password)).status).toBe(200);
    } finally {
      await quick.close();
    }
  });

  it("limits one IP address to 30 failed log-ins in 15 minutes, whatever the accounts", async () => {
    const last = `scan-last.${Date.now()}@example.com`;
    for (let i = 0; i < 30; i += 1) {
      const answer = await shop.call("POST", "/shop-api/login", { email: `scan${i}.${Date.now()}@example.com`, password: "whatever" }, { ip: "10.3.0.1" });
      expect(answer.status).toBe(401);
    }
    const blocked = await shop.call("POST", "/shop-api/login", { email: last, password: "whatever" }, { ip: "10.3.0.1" });
    expect(blocked.status).toBe(429);
    const elsewhere = await shop.call("POST", "/shop-api/login", { email: last, password: "whatever" }, { ip: "10.3.0.2" });
    expect(elsewhere.status).toBe(401);
  });
});

describe("successful log-ins", () => {
  it("do not count against the address: 35 people behind one IP can all log in", async () => {
    const person = await shop.customer();
    for (let i = 0; i < 35; i += 1) {
      const answer = await shop.call("POST", "/shop-api/login", { email: person.email, password: person.password }, { ip: "10.6.0.1" });
      expect(answer.status).toBe(200);
    }
  });
});

describe("bearer token", () => {
  it("is required by every account call: missing, malformed, forged, alg none and expired tokens get 401", async () => {
    const person = await shop.customer();
    const [, payload] = person.token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("another-secret-another-secret-another!"));
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    const paths: [string, string][] = [
      ["GET", "/shop-api/me"],
      ["PUT", "/shop-api/me"],
      ["GET", "/shop-api/session"],
      ["GET", "/shop-api/frequent-friends"],
      ["POST", "/shop-api/frequent-friends"],
      ["PUT", "/shop-api/frequent-friends/1"],
      ["DELETE", "/shop-api/frequent-friends/1"],
      ["GET", "/shop-api/frequent-addresses"],
      ["POST", "/shop-api/frequent-addresses"],
      ["PUT", "/shop-api/frequent-addresses/1"],
      ["PUT", "/shop-api/frequent-addresses/1/my-address"],
      ["DELETE", "/shop-api/frequent-addresses/1"],
      ["GET", "/shop-api/payment-history"],
    ];
    for (const [method, path] of paths) {
      for (const token of [undefined, "not-a-jwt", forged, none]) {
        const answer = await shop.call(method, path, method === "GET" || method === "DELETE" ? undefined : {}, { token });
        expect(answer.status, `${method} ${path} with ${token?.slice(0, 12)}`).toBe(401);
        expect(answer.body.code).toBe("unauthorized");
      }
    }
    shop.clock.offset = 8 * 24 * 3_600_000;
    try {
      const expired = await shop.call("GET", "/shop-api/me", undefined, { token: person.token });
      expect(expired.status).toBe(401);
    } finally {
      shop.clock.offset = 0;
    }
  });
});

describe("recovery and reset", () => {
  it("refuses an unknown email with the spec's message", async () => {
    const answer = await shop.call("POST", "/shop-api/recovery", { email: `desconocido.${Date.now()}@example.com` }, { ip: "10.4.0.1" });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe("El correo ingresado no se encuentra registrado");
  });

  it("mails a reset link; a mismatch spends nothing; the reset works once and ends older sessions", async () => {
    const person = await shop.customer();
    const sent = await shop.call("POST", "/shop-api/recovery", { email: person.email.toUpperCase() }, { ip: "10.4.0.2" });
    expect(sent.status).toBe(200);
    const [mail] = await shop.mailsTo(person.email);
    expect(mail!.subject).toBe("Restablece tu contraseña de Rodamos");
    expect(mail!.links[0]).toContain("/recovery-account/");
    const token = await shop.lastToken(person.email, "recovery-account");

    const mismatch = await shop.call("POST", `/shop-api/reset-password?token=${token}`, { password1: "nueva-clave", password2: "otra-clave" });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.fields?.password2).toBe("LAS CONTRASEÑAS INGRESADAS DEBEN COINCIDIR");

    const reset = await shop.call("POST", `/shop-api/reset-password?token=${token}`, { password1: "nueva-clave", password2: "nueva-clave" });
    expect(reset.status).toBe(200);
    const reused = await shop.call("POST", `/shop-api/reset-password?token=${token}`, { password1: "tercera-clave", password2: "tercera-clave" });
    expect(reused.status).toBe(410);
    expect(reused.body.code).toBe("token_used");

    expect((await shop.call("GET", "/shop-api/me", undefined, { token: person.token })).status).toBe(401);
    const oldPassword = await shop.call("POST", "/shop-api/login", { email: person.email, password: person.password }, { ip: "10.4.0.3" });
    expect(oldPassword.status).toBe(401);
    const newPassword = await shop.call("POST", "/shop-api/login", { email: person.email, password: "nueva-clave" }, { ip: "10.4.0.3" });
    expect(newPassword.status).toBe(200);
  });

  it("refuses an expired or forged reset link", async () => {
    const person = await shop.customer();
    await shop.call("POST", "/shop-api/recovery", { email: person.email }, { ip: "10.4.0.4" });
    const token = await shop.lastToken(person.email, "recovery-account");
    shop.clock.offset = 61 * 60_000;
    try {
      const expired = await shop.call("POST", `/shop-api/reset-password?token=${token}`, { password1: "nueva-clave", password2: "nueva-clave" });
      expect(expired.status).toBe(410);
      expect(expired.body.code).toBe("token_expired");
    } finally {
      shop.clock.offset = 0;
    }
    const forged = await shop.call("POST", `/shop-api/reset-password?token=${"b".repeat(43)}`, { password1: "nueva-clave", password2: "nueva-clave" });
    expect(forged.status).toBe(400);
  });

  it("verifies an account that resets its password before opening the verification link", async () => {
    const body = shop.signUpBody();
    await shop.call("POST", "/shop-api/register", body);
    await shop.call("POST", "/shop-api/recovery", { email: body.email }, { ip: "10.4.0.5" });
    const token = await shop.lastToken(body.email as string, "recovery-account");
    expect((await shop.call("POST", `/shop-api/reset-password?token=${token}`, { password1: "clave-nueva", password2: "clave-nueva" })).status).toBe(200);
    expect((await shop.call("POST", "/shop-api/login", { email: body.email, password: "clave-nueva" }, { ip: "10.4.0.5" })).status).toBe(200);
  });

  it("limits recovery to 3 mails per account per hour", async () => {
    const person = await shop.customer();
    for (let i = 0; i < 3; i += 1) {
      expect((await shop.call("POST", "/shop-api/recovery", { email: person.email }, { ip: `10.5.0.${i}` })).status).toBe(200);
    }
    const blocked = await shop.call("POST", "/shop-api/recovery", { email: person.email }, { ip: "10.5.1.1" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Inténtalo de nuevo en \d+ minutos/);
    expect(await shop.mailsTo(person.email)).toHaveLength(4); // the verification mail and three reset mails
  });
});

describe("client address for the limits", () => {
  it("believes X-Forwarded-For only from a proxy on this machine", async () => {
    const p = `p.${Date.now()}@example.com`;
    // From a loopback peer (a local reverse proxy) the forwarded address counts: 30 tries from one client...
    for (let i = 0; i < 30; i += 1) {
      await shop.call("POST", "/shop-api/login", { email: `proxy${i}.${Date.now()}@example.com`, password: "whatever" }, { ip: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.9" } });
    }
    const blocked = await shop.call("POST", "/shop-api/login", { email: p, password: "whatever" }, { ip: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(blocked.status).toBe(429);
    // ...do not block another client behind the same proxy,
    const other = await shop.call("POST", "/shop-api/login", { email: p, password: "whatever" }, { ip: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.10" } });
    expect(other.status).toBe(401);
    // ...and a direct caller cannot borrow someone else's address (nor escape its own) with the header.
    const direct = await shop.call("POST", "/shop-api/login", { email: p, password: "whatever" }, { ip: "10.7.0.1", headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(direct.status).toBe(401);
  });
});

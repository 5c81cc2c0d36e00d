/**
 * Sessions end on the server: log-out stops the token working; changing the email needs the current password,
 * takes effect only from the link mailed to the new address, tells the old one, and ends every session.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const profileOf = (email: string) => ({ email, firstName: "María José", lastName: "Pérez", phoneNumber: "573001234567", rut: null, gender: "female" });

async function openLink(link: string) {
  const response = await shop.app.request(link, {}, { incoming: { socket: { remoteAddress: "10.0.0.3" } } });
  return { status: response.status, location: response.headers.get("location") };
}

describe("log-out", () => {
  it("ends the session on the server: the same token is refused afterwards", async () => {
    const person = await shop.customer();
    expect((await shop.call("GET", "/shop-api/me", undefined, { token: person.token })).status).toBe(200);
    const out = await shop.call("POST", "/shop-api/logout", undefined, { token: person.token });
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ loggedOut: true });
    expect((await shop.call("GET", "/shop-api/me", undefined, { token: person.token })).status).toBe(401);
    expect((await shop.call("POST", "/shop-api/logout", undefined, { token: person.token })).status).toBe(401);
  });
});

describe("changing the email", () => {
  it("cannot be done by a plain profile save", async () => {
    const person = await shop.customer();
    const saved = await shop.call("PUT", "/shop-api/me", profileOf(`otra.${Date.now()}@example.com`), { token: person.token });
    expect(saved.status).toBe(422);
    expect(saved.body.code).toBe("email_change_needs_password");
    expect(saved.body.fields?.email).toBeTruthy();
    const me = await shop.call<{ email: string; firstName: string }>("GET", "/shop-api/me", undefined, { token: person.token });
    expect(me.body.data.email).toBe(person.email);
    // The other fields still save, with the current email.
    expect((await shop.call("PUT", "/shop-api/me", { ...profileOf(person.email), firstName: "Ana" }, { token: person.token })).status).toBe(200);
  });

  it("needs the current password", async () => {
    const person = await shop.customer();
    const refused = await shop.call("POST", "/shop-api/me/email", { email: `nueva.${Date.now()}@example.com`, password: "no-es-esta" }, { token: person.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("wrong_password");
    expect(refused.body.fields?.password).toBe("La contraseña no es correcta");
  });

  it("refuses an address another account has", async () => {
    const person = await shop.customer();
    const other = await shop.customer();
    const taken = await shop.call("POST", "/shop-api/me/email", { email: other.email.toUpperCase(), password: person.password }, { token: person.token });
    expect(taken.status).toBe(409);
  });

  it("takes effect from the link mailed to the new address, tells the old one, and ends every session", async () => {
    const person = await shop.customer();
    const second = await shop.call<{ token: string }>("POST", "/shop-api/login", { email: person.email, password: person.password }, { ip: "10.0.0.4" });
    const newEmail = `nueva.${Date.now()}@example.com`;
    const asked = await shop.call("POST", "/shop-api/me/email", { email: newEmail, password: person.password }, { token: person.token });
    expect(asked.status).toBe(200);

    // Nothing changed yet: the old email still signs in, the new one does not.
    const me = await shop.call<{ email: string }>("GET", "/shop-api/me", undefined, { token: person.token });
    expect(me.body.data.email).toBe(person.email);
    const [mail] = await shop.mailsTo(newEmail);
    expect(mail?.subject).toBe("Confirma tu nuevo correo en Rodamos");
    const link = mail!.links[0]!;

    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(opened.location).toBe("/?email-change=confirmed");

    expect((await shop.call("POST", "/shop-api/login", { email: newEmail, password: person.password }, { ip: "10.0.0.5" })).status).toBe(200);
    expect((await shop.call("POST", "/shop-api/login", { email: person.email, password: person.password }, { ip: "10.0.0.5" })).status).toBe(401);
    for (const token of [person.token, second.body.data.token]) {
      expect((await shop.call("GET", "/shop-api/me", undefined, { token })).status).toBe(401);
    }
    const notice = (await shop.mailsTo(person.email)).find((sent) => sent.subject === "El correo de tu cuenta Rodamos cambió");
    expect(notice?.text).toContain(newEmail);
    expect(notice?.links).toEqual([]);

    const again = await openLink(link);
    expect(again.location).toBe("/?email-change=token_used");
  });

  it("writes both mails in the person's language", async () => {
    const person = await shop.customer();
    await shop.db.update(users).set({ localeCode: "pt_BR" }).where(eq(users.email, person.email));
    const newEmail = `nova.${Date.now()}@example.com`;
    await shop.call("POST", "/shop-api/me/email", { email: newEmail, password: person.password }, { token: person.token });
    const [mail] = await shop.mailsTo(newEmail);
    expect(mail?.subject).toBe("Confirme seu novo e-mail na Rodamos");
    const opened = await openLink(mail!.links[0]!);
    expect(opened.location).toBe("/co/pt-br/?email-change=confirmed");
    expect((await shop.mailsTo(person.email)).some((sent) => sent.subject === "O e-mail da sua conta Rodamos mudou")).toBe(true);
  });
});

/**
 * Mail as a mail server sees it (a stand-in SMTP server on loopback): every outbox mail has a Message-ID of its
 * own, never one another database's shop sent, and the same one when that mail is sent again; an address the
 * server refuses for good on sign-up is marked, shown to the person once they log in, and corrected by the email
 * change.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, users } from "../../src/server/db/schema";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { startSmtpStandIn, type SmtpStandIn } from "../helpers/smtp-stand-in";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(async () => {
  await smtp?.close();
});

/** A transfer purchase in `shop`: its instructions mail waits in the outbox. */
async function transferOrder(shop: TestShop) {
  const offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
  const county = await countyOf(shop.db, variant.provinceId);
  const me = await shop.buyer();
  const answer = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, { paymentCode: "transferencia" }), { token: me.token });
  expect(answer.status).toBe(201);
  return { me, orderId: answer.body.data.orderId };
}

describe("Message-IDs", () => {
  let first: TestShop;
  let second: TestShop;
  beforeAll(async () => {
    [first, second] = await Promise.all([openTestShop(), openTestShop()]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("differ between two new databases' first mails, and stay the same when one mail is sent again", async () => {
    const ids: string[] = [];
    for (const shop of [first, second]) {
      const { me, orderId } = await transferOrder(shop);
      const sender = shop.otherApp({ env: { SMTP_URL: smtp.url, JWT_SECRET: shop.env.JWT_SECRET } });
      await sender.outbox.drain();
      const mail = smtp.mails.filter((sent) => sent.to.includes(me.email)).at(-1);
      expect(mail, me.email).toBeDefined();
      const id = mail!.header("Message-ID")!;
      expect(id).toMatch(/^<[0-9a-f]{32}@rodamos\.co>$/);
      // The row's own key, stored with it: a retry (a crash after the send, before the row was marked) sends it again.
      const [row] = (await shop.db.select().from(outbox)).filter((job) => (job.payload as { orderId?: number }).orderId === orderId);
      expect(id).toBe(`<${row!.mailKey}@rodamos.co>`);
      await shop.db.update(outbox).set({ doneAt: null, runAt: new Date(0) }).where(eq(outbox.id, row!.id));
      await sender.outbox.drain();
      const again = smtp.mails.filter((sent) => sent.to.includes(me.email));
      expect(again.length).toBeGreaterThanOrEqual(2);
      expect(again.at(-1)!.header("Message-ID")).toBe(id);
      ids.push(id);
    }
    // Both databases numbered their rows from 1; their mails still carry different ids.
    expect(ids[0]).not.toBe(ids[1]);
  }, 60_000);
});

describe("a verification mail the mail server refuses", () => {
  let shop: TestShop;
  beforeAll(async () => {
    smtp.refuse = (address) =>
      address.startsWith("nobox.") ? "550 5.1.1 <" + address + ">: Recipient address rejected: User unknown" : address.startsWith("busy.") ? "451 4.3.0 Try again later" : undefined;
    shop = await openTestShop({ env: { SMTP_URL: smtp.url } });
  }, 60_000);
  afterAll(async () => {
    smtp.refuse = () => undefined;
    await shop?.close();
  });

  const english = { "accept-language": "en" };
  const linkIn = (to: string) => {
    const mail = smtp.mails.filter((sent) => sent.to.includes(to)).at(-1);
    return mail ? /https?:\/\/\S+?token=([A-Za-z0-9_-]+)/.exec(mail.data.replace(/=\r?\n/g, "").replace(/=3D/g, "="))?.[1] : undefined;
  };

  it("marks the address, lets its owner log in with the password, shows it, and the email change corrects it", async () => {
    const body = shop.signUpBody({ email: `nobox.${Date.now()}@rodamos-test.co` });
    const signUp = await shop.call("POST", "/shop-api/register", body);
    expect(signUp.status).toBe(201);
    const [marked] = await shop.db.select().from(users).where(eq(users.email, body.email as string));
    expect(marked!.emailUndeliverableAt).not.toBeNull();
    expect(marked!.emailUndeliverableReason).toContain("550");
    expect(marked!.verifiedAt).toBeNull();

    // A wrong password is still refused; the right one lets the person in, though the address was never verified.
    expect((await shop.call("POST", "/shop-api/login", { email: body.email, password: "not-the-password" })).status).toBe(401);
    const login = await shop.call<{ token: string }>("POST", "/shop-api/login", { email: body.email, password: body.plainPassword });
    expect(login.status).toBe(200);
    const token = login.body.data.token;
    const me = await shop.call<{ email: string; emailUndeliverable: boolean }>("GET", "/shop-api/me", undefined, { token });
    expect(me.body.data).toMatchObject({ email: body.email, emailUndeliverable: true });

    // The email change: a link to the new address, which the server takes; opening it fixes the account.
    const fixed = `fixed.${Date.now()}@rodamos-test.co`;
    const change = await shop.call("POST", "/shop-api/me/email", { email: fixed, password: body.plainPassword }, { token, headers: english });
    expect(change.status).toBe(200);
    const changeToken = linkIn(fixed);
    expect(changeToken).toBeTruthy();
    const opened = await shop.app.request(`/shop-api/confirm-email?token=${changeToken}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toContain("email-change=confirmed");
    const again = await shop.call<{ token: string }>("POST", "/shop-api/login", { email: fixed, password: body.plainPassword });
    expect(again.status).toBe(200);
    const after = await shop.call<{ email: string; emailUndeliverable: boolean }>("GET", "/shop-api/me", undefined, { token: again.body.data.token });
    expect(after.body.data).toMatchObject({ email: fixed, emailUndeliverable: false });
  });

  it("leaves an address alone when the server only asks to try later (4xx), and such an account still waits for its link", async () => {
    const body = shop.signUpBody({ email: `busy.${Date.now()}@rodamos-test.co` });
    expect((await shop.call("POST", "/shop-api/register", body)).status).toBe(201);
    const [row] = await shop.db.select().from(users).where(eq(users.email, body.email as string));
    expect(row!.emailUndeliverableAt).toBeNull();
    const login = await shop.call("POST", "/shop-api/login", { email: body.email, password: body.plainPassword }, { headers: english });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe("account_not_verified");
  });
});

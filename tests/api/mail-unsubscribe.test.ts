/**
 * Mails to people who never signed up carry a one-click unsubscribe (List-Unsubscribe + List-Unsubscribe-Post,
 * RFC 8058) that works and is kept; every outbox job's mail has one stable Message-ID, the same on a retry.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthKit } from "../../src/server/auth/app-keys";
import { createMailer, mailDropDir } from "../../src/server/mail/mailer";
import { hasOptedOut, unsubscribeUrl } from "../../src/server/services/account/mail-opt-outs";
import { invitationMail } from "../../src/server/services/private-events/invitations";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop({ seed: false });
});
afterAll(() => shop.close());

// The shop's signer comes from its secret: a kit made from the same settings signs alike.
const deps = () => ({ auth: createAuthKit(shop.env), env: shop.env });

describe("the one-click unsubscribe", () => {
  it("records the address when posted with its signature, once however often, and refuses a forged one", async () => {
    const url = new URL(unsubscribeUrl(deps(), "Invitada@Example.com"));
    expect(url.pathname).toBe("/shop-api/unsubscribe");
    const path = `${url.pathname}${url.search}`;
    const clicked = await shop.call("POST", path, "List-Unsubscribe=One-Click", { headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(clicked).toMatchObject({ status: 200, body: { success: true, data: { unsubscribed: true } } });
    expect((await shop.call("POST", path, "List-Unsubscribe=One-Click", { headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(200);
    expect(await hasOptedOut(shop.db, "invitada@example.com")).toBe(true);

    const forged = path.replace("invitada%40example.com", "otra%40example.com");
    const refused = await shop.call("POST", forged, "List-Unsubscribe=One-Click", { headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(refused).toMatchObject({ status: 400, body: { code: "token_invalid" } });
    expect(await hasOptedOut(shop.db, "otra@example.com")).toBe(false);
  });
});

describe("a mail with an unsubscribe link and an outbox key", () => {
  it("is written with List-Unsubscribe, List-Unsubscribe-Post and a Message-ID of its key, one file for a retry", async () => {
    const mail = invitationMail({
      to: "guest@example.com", guestName: "Ana", organiser: "Laura", event: "Boda", place: "Chía", date: "1 de mayo",
      deadline: "20 de abril", eventLink: "http://localhost/event/boda", claimLink: "http://localhost/my-account/events?claim=x", locale: "es_CO",
    });
    const message = { ...mail, unsubscribe: unsubscribeUrl(deps(), "guest@example.com"), key: "outbox-424242" };
    const mailer = createMailer(shop.env, () => new Date());
    await mailer.send(message);
    await mailer.send(message);
    const sent = await shop.mailsTo("guest@example.com");
    expect(sent).toHaveLength(1);
    // Long headers are folded onto continuation lines: read each as one line.
    const eml = (await readFile(join(mailDropDir(shop.env.DATA_DIR), `${sent[0]!.id}.eml`), "utf8")).replace(/\r?\n[ \t]+/g, " ");
    expect(eml).toMatch(/^List-Unsubscribe: <http:\/\/localhost(:\d+)?\/shop-api\/unsubscribe\?email=guest%40example\.com&sig=[\w-]{43}>$/m);
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(eml).toMatch(/^Message-ID: <outbox-424242@rodamos\.co>$/m);
  });
});

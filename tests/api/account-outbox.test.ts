/** The local outbox: mails land there without SMTP, the dev page lists their links, production has no such page. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { parseEnv } from "../../src/server/env";
import { openAccountShop, type AccountShop } from "./account-shop";

let shop: AccountShop;
beforeAll(async () => {
  shop = await openAccountShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("dev outbox", () => {
  it("lists each mail with its link, as a page and as data, and shows the mail's HTML", async () => {
    const body = shop.signUpBody();
    await shop.call("POST", "/shop-api/register", body);
    const data = await shop.call<{ id: string; to: string; links: string[] }[]>("GET", `/dev/outbox.json?to=${encodeURIComponent(body.email as string)}`);
    expect(data.body.data).toHaveLength(1);
    const [mail] = data.body.data;
    const page = await shop.getPage("/dev/outbox");
    expect(page.status).toBe(200);
    expect(page.text).toContain(mail!.links[0]!);
    const html = await shop.getPage(`/dev/outbox/${mail!.id}`);
    expect(html.text).toContain("Verificar mi cuenta");
    expect((await shop.getPage("/dev/outbox/..%2F..%2Fetc")).status).toBe(404);
  });

  it("does not exist in production", async () => {
    const env = parseEnv({ NODE_ENV: "production", JWT_SECRET: "x".repeat(40), DATA_DIR: shop.env.DATA_DIR });
    const app = createApp({ db: shop.db, env });
    expect((await app.request("/dev/outbox")).status).toBe(404);
    expect((await app.request("/dev/outbox.json")).status).toBe(404);
  });
});

/** The local outbox: mails land there without SMTP, the dev page lists their links, production has no such page. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("dev outbox", () => {
  it("lists each mail with its link, as a page and as data, and shows the mail's HTML", async () => {
    const body = shop.signUpBody();
    await shop.call("POST", "/shop-api/register", body);
    const data = await shop.call<{ id: string; to: string; links: string[] }[]>("GET", `/dev/outbox.json?to=${encodeURIComponent(body.email as string)}`, undefined, { ip: "127.0.0.1" });
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
    const app = shop.otherApp({ env: { NODE_ENV: "production", JWT_SECRET: "x".repeat(40) } });
    expect((await app.request("/dev/outbox")).status).toBe(404);
    expect((await app.request("/dev/outbox.json")).status).toBe(404);
  });
});

/**
 * Bad input found by trying the API by hand: ids past the database's integer range and text holding a NUL
 * byte reached the database and answered 500. Each must be a clean, translated 4xx.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { parseEnv } from "../../src/server/env";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let token: string;
const english = { "accept-language": "en-US" };

beforeAll(async () => {
  shop = await openTestShop();
  token = (await shop.customer()).token;
});
afterAll(() => shop.close());

describe("ids past the integer range", () => {
  it("a frequent address or friend id of 2147483648 is a row nobody has (404)", async () => {
    for (const path of ["/shop-api/frequent-addresses/2147483648", "/shop-api/frequent-friends/2147483648"]) {
      const answer = await shop.call("DELETE", path, undefined, { token, headers: english });
      expect(answer.status, path).toBe(404);
      expect(answer.body.message).toBe("We could not find what you are looking for");
    }
    const mark = await shop.call("PUT", "/shop-api/frequent-addresses/2147483648/my-address", undefined, { token });
    expect(mark.status).toBe(404);
  });

  it("a county id past the range is refused as an unknown county, with the field named", async () => {
    const answer = await shop.call("POST", "/shop-api/frequent-addresses", { name: "Casa", countyId: 99999999999, myAddress: 1 }, { token, headers: english });
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toEqual({ countyId: "The municipality does not exist" });
  });
});

describe("text the database cannot store", () => {
  it("a NUL byte in a search or a channel host is refused with a translated 422, not a 500", async () => {
    for (const path of ["/api/search?q=bogot%00a", "/api/channels/shop%00.co"]) {
      const answer = await shop.call("GET", path, undefined, { headers: english });
      expect(answer.status, path).toBe(422);
      expect(answer.body).toMatchObject({ success: false, code: "validation_failed", message: "Please check the data you entered" });
    }
  });

  it("a NUL byte in a JSON body or an event slug is a translated 422 on every route, not a 500", async () => {
    const nul = "a\u0000b";
    const calls: [string, string, unknown?][] = [
      ["POST", "/shop-api/register", { email: `${nul}@x.co`, plainPassword: "12345678", firstName: "Zoe", lastName: "Nunez", phoneNumber: "3001234567", countryCode: "CO", birthday: "1990-01-01" }],
      ["POST", "/shop-api/login", { email: `${nul}@x.co`, password: "12345678" }],
      ["POST", "/shop-api/recovery", { email: `${nul}@x.co` }],
      ["POST", "/api/contact?country-code=CO", { name: nul, email: "a@b.co", phone: "+5712345678", message: nul }],
      ["POST", "/shop-api/frequent-friends", { fullname: nul, phone: "+56912345678", email: "a@b.co" }],
      ["GET", "/api/events/a%00b"],
      ["GET", "/shop-api/events/a%00b"],
      ["GET", "/shop-api/discounts/a%00b/event/1"],
    ];
    for (const [method, path, body] of calls) {
      const answer = await shop.call(method, path, body, { token, headers: english });
      expect(answer.status, path).toBe(422);
      expect(answer.body.message, path).toBe("Please check the data you entered");
    }
  });
});

describe("the event list's type", () => {
  it("is required as the document says: a list without it is refused, naming the field", async () => {
    const answer = await shop.call("GET", "/api/events?country-code=CO", undefined, { headers: english });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.fields ?? {})).toEqual(["type"]);
    expect((await shop.call("GET", "/api/events?country-code=CO&type=1")).status).toBe(200);
  });
});

describe("any path under /api and /shop-api, however it is written", () => {
  it("answers the JSON envelope over a real socket, double slashes included, never a page of the site", async () => {
    // A shop serving its built pages too: a path it does not know under the API must not fall to the site's 404 page.
    const dist = mkdtempSync(join(tmpdir(), "rodamos-dist-"));
    mkdirSync(join(dist, "error404"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>home</title>");
    writeFileSync(join(dist, "error404", "index.html"), "<!doctype html><title>not found</title>");
    const env = parseEnv({ NODE_ENV: "test", JWT_SECRET: "test-secret-that-is-long-enough-for-hs256!!", DATA_DIR: join(dist, "data") });
    const app = createApp({ db: shop.db, env }, { distDir: dist });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const get = (path: string) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        // node:http sends the path as written (fetch would tidy it).
        const req = httpRequest({ host: "127.0.0.1", port, path, headers: { accept: "text/html,*/*", "accept-language": "en" } }, (res) => {
          let body = "";
          res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body }));
        });
        req.on("error", reject).end();
      });
    try {
      expect((await get("/")).type).toMatch(/^text\/html/);
      for (const path of ["//api/events", "/shop-api//orders", "//shop-api/me", "///api//health", "/api", "/shop-api", "//shop-api", "/api/no-such-thing", "/shop-api/%ZZ"]) {
        const answer = await get(path);
        expect(answer.type, path).toMatch(/^application\/json/);
        expect(JSON.parse(answer.body), path).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
        expect(answer.status, path).toBeGreaterThanOrEqual(400);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await app.stopBackground();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

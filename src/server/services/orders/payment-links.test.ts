import { describe, expect, it } from "vitest";
import { createAuthKit } from "../../auth/app-keys";
import { parseEnv } from "../../env";
import { knownSitePrefix, orderPagePath, returnUrl, sitePrefixOf, verifyReturnKey } from "./payment-links";

const env = parseEnv({ NODE_ENV: "test", JWT_SECRET: "links-tests-secret-that-is-long-enough", PUBLIC_URL: "https://shop.example" });
const shop = { env, auth: createAuthKit(env) };

describe("site prefix of the purchase page", () => {
  it("keeps a known country/locale prefix from a path or a URL, never the host", () => {
    expect(sitePrefixOf("/cl/es-cl/event/rock")).toBe("/cl/es-cl");
    expect(sitePrefixOf("https://evil.example/mx/es-mx/event/x")).toBe("/mx/es-mx");
    expect(sitePrefixOf("/event/rock")).toBe("");
    expect(sitePrefixOf("")).toBe("");
  });

  it("ignores prefixes the shop does not serve", () => {
    expect(sitePrefixOf("/xx/yy/event/rock")).toBe("");
    expect(knownSitePrefix("//evil.example")).toBe("");
    expect(knownSitePrefix("cl/es-cl")).toBe("/cl/es-cl");
  });
});

describe("return link", () => {
  it("is signed for its order only", () => {
    const url = new URL(returnUrl(shop, 12, "/cl/es-cl"));
    expect(url.origin).toBe("https://shop.example");
    expect(url.searchParams.get("site")).toBe("cl/es-cl");
    const key = url.pathname.split("/").pop()!;
    expect(verifyReturnKey(shop.auth.signer, 12, key)).toBe(true);
    expect(verifyReturnKey(shop.auth.signer, 13, key)).toBe(false);
  });

  it("sends the browser to the order page under the site prefix", () => {
    expect(orderPagePath("", 7, { state: "paid" })).toBe("/order-detail/7?state=paid");
    expect(orderPagePath("/cl/es-cl", 7, {})).toBe("/cl/es-cl/order-detail/7");
  });
});

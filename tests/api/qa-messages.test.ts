/**
 * Messages found misleading by trying the account area by hand. The address name needs at least 3
 * characters (account spec: name >= 3): "abc" is accepted, so the English and Portuguese refusals must not
 * say "longer than 3" (the Spanish text is the spec's own, "Debe ser mayor 3 caracteres").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAccountShop, type AccountShop } from "./account-shop";

let shop: AccountShop;
let token: string;

beforeAll(async () => {
  shop = await openAccountShop();
  token = (await shop.customer()).token;
});
afterAll(() => shop.close());

describe("frequent address name of fewer than 3 characters", () => {
  it("is refused with a message that matches the rule, in English and Portuguese", async () => {
    const bogota = await shop.call<{ id: number; name: string }[]>("GET", "/api/counties?country-code=CO");
    const countyId = bogota.body.data[0]!.id;
    const cases = [
      ["en-US", "Must be at least 3 characters long"],
      ["pt-BR", "Deve ter pelo menos 3 caracteres"],
      ["es-CO", "Debe ser mayor 3 caracteres"],
    ] as const;
    for (const [language, message] of cases) {
      const refused = await shop.call("POST", "/shop-api/frequent-addresses", { name: "ab", countyId, myAddress: 0 }, { token, headers: { "accept-language": language } });
      expect(refused.status, language).toBe(422);
      expect(refused.body.fields?.name, language).toBe(message);
    }
    const accepted = await shop.call("POST", "/shop-api/frequent-addresses", { name: "abc", countyId, myAddress: 0 }, { token });
    expect(accepted.status).toBe(201);
  });
});

/**
 * Messages found misleading by trying the account area by hand. The address name needs at least 3
 * characters: "abc" is accepted, so the English and Portuguese refusals must not
 * say "longer than 3" (the Spanish text is the shop's original wording, "Debe ser mayor 3 caracteres").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let token: string;

beforeAll(async () => {
  shop = await openTestShop();
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

describe("a field refused by a check with no catalogue message of its own", () => {
  it("reads a translated 'not valid' instead of the schema library's English default", async () => {
    const english = { "accept-language": "en-US" };
    const spanish = { "accept-language": "es-CO" };
    const rut = await shop.call("PUT", "/shop-api/me", { email: "x@example.com", firstName: "Ana", lastName: "Lopez", phoneNumber: "573001234567", gender: "female", rut: 7 }, { token, headers: spanish });
    expect(rut.status).toBe(422);
    expect(rut.body.fields?.rut).toBe("Este valor no es válido");
    const limit = await shop.call("GET", "/api/events?type=1&limit=99999999999999999999", undefined, { headers: english });
    expect(limit.status).toBe(422);
    expect(limit.body.fields?.limit).toBe("It must be a number from 1 to 100");
    const array = await shop.call("POST", "/api/contact?country-code=CO", [], { headers: english });
    expect(array.status).toBe(422);
    expect(array.body.fields?._).toBe("This value is not valid");
  });
});

describe("a sign-up naming a country the shop does not serve", () => {
  it("says the country is unknown, not that the field is missing", async () => {
    const answer = await shop.call("POST", "/shop-api/register", {
      email: `zz.${Date.now()}@example.com`,
      plainPassword: "secreta1",
      firstName: "Ana",
      lastName: "Lopez",
      phoneNumber: "573001234567",
      countryCode: "ZZ",
      birthday: "1990-05-01",
    }, { headers: { "accept-language": "es-CO" } });
    expect(answer.status).toBe(422);
    expect(answer.body.fields?.countryCode).not.toBe("Campo requerido");
    expect(answer.body.fields?.countryCode).toMatch(/país/i);
  });
});

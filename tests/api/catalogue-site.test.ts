/**
 * The calls behind the landing and the country/language selector: slides, community posts, partners,
 * countries, locales, channels, counties and payment methods.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Channel,
  CommunityPost,
  Country,
  CountyOption,
  LandingSlide,
  LocaleOption,
  Partner,
  PaymentMethod,
} from "../../src/shared/types/catalogue";
import { openTestShop, type AnswerBody, type TestShop } from "../helpers/test-shop";


let shop: TestShop;
const get = <T>(path: string, headers?: Record<string, string>) => shop.call<T>("GET", path, undefined, { headers });
const data = <T>(answer: AnswerBody<T>): T => {
  if (!answer.success) throw new Error(`refused: ${answer.code}`);
  return answer.data;
};

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop.close());

describe("GET /api/landing-slides", () => {
  it("answers the country's slides with local images and the alt text in the asked language", async () => {
    const spanish = data((await get<LandingSlide[]>("/api/landing-slides?country-code=CO")).body);
    expect(spanish).toHaveLength(4);
    expect(spanish[0]).toEqual({
      id: expect.any(Number),
      url: "/massive-events",
      imagePath: "/demo/slides/co-eventos-masivos.webp",
      alt: "Van de Rodamos frente a un escenario: traslados a conciertos y partidos",
    });
    expect(spanish.every((slide) => slide.imagePath.startsWith("/demo/") && slide.url.startsWith("/"))).toBe(true);
    const english = data((await get<LandingSlide[]>("/api/landing-slides?country-code=CO&locale=en_US")).body);
    expect(english[0]!.alt).toBe("A Rodamos van by a stage: transfers to concerts and matches");
    const byHeader = data((await get<LandingSlide[]>("/api/landing-slides", { "accept-language": "pt-BR" })).body);
    expect(byHeader[0]!.alt).toMatch(/^Van da Rodamos/);
    const spain = data((await get<LandingSlide[]>("/api/landing-slides?country-code=ES&locale=es_ES")).body);
    expect(spain.map((slide) => slide.imagePath)).toEqual(["/demo/slides/es-festivales.webp", "/demo/slides/es-excursiones.webp"]);
  });

  it("refuses an unknown country", async () => {
    const { status, body } = await get("/api/landing-slides?country-code=Colombia");
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: "unknown_country", fields: { "country-code": "No atendemos ese país" } });
  });
});

describe("GET /api/landing-comments", () => {
  it("answers whole community posts with tags, some longer than 130 characters", async () => {
    const posts = data((await get<CommunityPost[]>("/api/landing-comments?country-code=CO")).body);
    expect(posts.length).toBeGreaterThanOrEqual(6);
    expect(posts.some((post) => post.message.length > 130)).toBe(true);
    expect(posts.some((post) => post.message.length <= 130)).toBe(true);
    for (const post of posts) {
      expect(post.user.length).toBeGreaterThan(0);
      expect(post.imagePath).toMatch(/^\/demo\/community\/.+\.webp$/);
      expect(post.tags.length).toBeGreaterThan(0);
    }
  });

  it("is per country", async () => {
    const mexico = data((await get<CommunityPost[]>("/api/landing-comments?country-code=MX")).body);
    const colombia = data((await get<CommunityPost[]>("/api/landing-comments")).body);
    expect(mexico.length).toBeGreaterThan(0);
    expect(mexico.map((post) => post.id).some((id) => colombia.some((post) => post.id === id))).toBe(false);
    expect((await get("/api/landing-comments?country-code=US")).status).toBe(422);
  });
});

describe("GET /api/partners", () => {
  it("answers the partner logos in order", async () => {
    const partners = data((await get<Partner[]>("/api/partners")).body);
    expect(partners.length).toBeGreaterThanOrEqual(6);
    expect(partners[0]).toEqual({ id: expect.any(Number), name: "Andina Seguros", imagePath: "/demo/partners/andina-seguros.webp", url: null });
  });
});

describe("GET /api/countries and /api/locales", () => {
  it("answers the five countries with their currency and phone prefix, Colombia first", async () => {
    const countries = data((await get<Country[]>("/api/countries")).body);
    expect(countries.map((country) => country.code)).toEqual(["CO", "CL", "ES", "PE", "MX"]);
    expect(countries[0]).toEqual({
      code: "CO", name: "Colombia", currency: "COP", currencyDecimals: 0, defaultLocale: "es_CO", phonePrefix: "57", rutLabel: "Cédula",
    });
    expect(countries.find((country) => country.code === "ES")).toMatchObject({ currency: "EUR", currencyDecimals: 2 });
  });

  it("answers each country's languages, its own first", async () => {
    const colombia = data((await get<LocaleOption[]>("/api/locales?country-code=CO")).body);
    expect(colombia.map((locale) => locale.code)).toEqual(["es_CO", "en_US", "pt_BR"]);
    expect(colombia[0]!.name).toBe("Español (Colombia)");
    const chile = data((await get<LocaleOption[]>("/api/locales?country-code=cl")).body);
    expect(chile[0]!.code).toBe("es_CL");
    expect(data((await get<LocaleOption[]>("/api/locales")).body)).toEqual(colombia);
    expect((await get("/api/locales?country-code=XX")).body).toMatchObject({ code: "unknown_country" });
  });
});

describe("GET /api/channels/{host}", () => {
  it.each([
    ["rodamos.cl", "CL", "es_CL"],
    ["RODAMOS.ES", "ES", "es_ES"],
    ["rodamos.mx:443", "MX", "es_MX"],
    ["localhost:4321", "CO", "es_CO"],
    ["rodamos.pe", "PE", "es_CO"],
  ])("answers %s as %s / %s", async (host, countryCode, defaultLocaleCode) => {
    expect(data((await get<Channel>(`/api/channels/${encodeURIComponent(host)}`)).body)).toEqual({ countryCode, defaultLocaleCode });
  });

  it("answers the default channel (Colombia, es_CO) for an unknown host", async () => {
    const { status, body } = await get<Channel>("/api/channels/shop.example.org");
    expect(status).toBe(200);
    expect(data(body)).toEqual({ countryCode: "CO", defaultLocaleCode: "es_CO" });
  });

  it("refuses an absurdly long host", async () => {
    expect((await get(`/api/channels/${"a".repeat(300)}.com`)).status).toBe(422);
  });
});

describe("GET /api/counties", () => {
  it("answers every county of the country with its province", async () => {
    const counties = data((await get<CountyOption[]>("/api/counties?country-code=CO")).body);
    expect(counties.length).toBeGreaterThan(80);
    const names = counties.map((county) => county.name);
    expect(names).toEqual(expect.arrayContaining(["Medellín", "Cali", "Barranquilla", "Chía", "Usaquén", "Soacha", "Envigado"]));
    expect(counties.every((county) => Number.isInteger(county.id) && Number.isInteger(county.provinceId))).toBe(true);
    const chile = data((await get<CountyOption[]>("/api/counties?country-code=CL")).body);
    expect(chile.map((county) => county.name)).toEqual(expect.arrayContaining(["Providencia", "Viña del Mar"]));
    expect(chile.some((county) => names.includes(county.name))).toBe(false);
  });

  it("refuses an unknown country", async () => {
    expect((await get("/api/counties?country-code=123")).status).toBe(422);
  });
});

describe("GET /api/payment-methods", () => {
  it.each([
    // Webpay settles Chilean pesos only: it is not offered in Colombia.
    ["CO", ["mercadopago", "transferencia"]],
    ["CL", ["webpay", "transferencia"]],
    ["PE", ["mercadopago", "transferencia"]],
    ["MX", ["mercadopago", "transferencia"]],
    ["ES", ["transferencia"]],
  ])("answers %s's methods in order, never prepagado", async (country, codes) => {
    const methods = data((await get<PaymentMethod[]>(`/api/payment-methods?country-code=${country}`)).body);
    expect(methods).toEqual(codes.map((code) => ({ code })));
  });

  it("defaults to Colombia and refuses an unknown country", async () => {
    expect(data((await get<PaymentMethod[]>("/api/payment-methods")).body)[0]).toEqual({ code: "mercadopago" });
    expect((await get("/api/payment-methods?country-code=AR")).status).toBe(422);
  });
});

describe("unknown catalogue paths", () => {
  it("answer 404 in the API's shape", async () => {
    const { status, body } = await get("/api/no-such-thing");
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, code: "not_found" });
  });
});

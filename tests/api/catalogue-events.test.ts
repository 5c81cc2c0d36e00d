/** Event lists, recommended events, search and the event page's data. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "../../src/server/db/schema";
import { getEventDetail } from "../../src/server/services/catalogue";
import type { EventDetail, EventListItem, EventMessage, RecommendedEvent } from "../../src/shared/types/catalogue";
import { openTestShop, type AnswerBody, type TestShop } from "../helpers/test-shop";
import { eventBySlug, insertGuestList, insertUser } from "../helpers/fixtures";


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

describe("GET /api/events", () => {
  it("lists upcoming Colombian mass events, soonest first, with card data", async () => {
    const { status, body } = await get<EventListItem[]>("/api/events?type=1&country-code=CO");
    expect(status).toBe(200);
    const list = data(body);
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list.every((item) => item.type === 1 && item.countryCode === "CO" && item.currency === "COP")).toBe(true);
    const firsts = list.map((item) => item.calendars[0]!.startDate);
    expect([...firsts].sort()).toEqual(firsts);
    expect(firsts.every((date) => new Date(date) > new Date())).toBe(true);

    const derby = list.find((item) => item.slug === "clasico-capitalino-millonarios-santa-fe")!;
    expect(derby.periodicityType).toBe(1);
    expect(derby.translations.es_CO).toMatchObject({
      name: "Clásico capitalino: Millonarios vs. Santa Fe",
      imagePath: "/demo/events/clasico-capitalino-millonarios-santa-fe-card.webp",
      firstPlaceName: "Estadio El Campín",
    });
    expect(derby.translations.en_US?.firstPlaceName).toBe("El Campín Stadium");
    expect(derby.minTicketPrice).toBeGreaterThan(0);
    expect(Number.isInteger(derby.minTicketPrice)).toBe(true);
    expect(derby.translations.es_CO?.minTicketPrice).toBe(derby.minTicketPrice);
  });

  it("answers the lowest subcategory price of any province as minTicketPrice", async () => {
    const list = data((await get<EventListItem[]>("/api/events?type=1")).body);
    const festival = list.find((item) => item.slug === "festival-sonidos-de-la-sabana")!;
    const { variants } = await eventBySlug(shop.db, "festival-sonidos-de-la-sabana");
    expect(festival.minTicketPrice).toBe(Math.min(...variants.map((variant) => variant.price)));
  });

  it("defaults to Colombia and accepts a lower-case country code", async () => {
    const byDefault = data((await get<EventListItem[]>("/api/events?type=1")).body);
    const lower = data((await get<EventListItem[]>("/api/events?type=1&country-code=co")).body);
    expect(byDefault.length).toBeGreaterThan(0);
    expect(lower.map((item) => item.id)).toEqual(byDefault.map((item) => item.id));
    expect(byDefault.every((item) => item.countryCode === "CO")).toBe(true);
  });

  it("lists alliances (type 3), including the organiser-funded event", async () => {
    const list = data((await get<EventListItem[]>("/api/events?type=3&country-code=CO")).body);
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.every((item) => item.type === 3)).toBe(true);
    expect(list.find((item) => item.slug === "dia-de-la-familia-andina-seguros")?.paymentType).toBe(2);
  });

  it("never lists private events: type=2 answers an empty list", async () => {
    const { status, body } = await get<EventListItem[]>("/api/events?type=2&country-code=CO");
    expect(status).toBe(200);
    expect(data(body)).toEqual([]);
  });

  it("leaves out past, cancelled and unpublished events", async () => {
    const db = shop.db;
    await db.update(events).set({ published: false }).where(eq(events.slug, "noche-de-salsa-movistar-arena"));
    shop.catalogueChanged();
    try {
      const slugs = data((await get<EventListItem[]>("/api/events?type=1")).body).map((item) => item.slug);
      expect(slugs).not.toContain("gran-concierto-de-fin-de-temporada");
      expect(slugs).not.toContain("festival-playa-baru");
      expect(slugs).not.toContain("noche-de-salsa-movistar-arena");
      expect(slugs).toContain("rock-al-parque");
    } finally {
      await db.update(events).set({ published: true }).where(eq(events.slug, "noche-de-salsa-movistar-arena"));
      shop.catalogueChanged();
    }
  });

  it("lists each country's own catalogue", async () => {
    for (const [country, currency] of [["CL", "CLP"], ["ES", "EUR"], ["PE", "PEN"], ["MX", "MXN"]] as const) {
      const mass = data((await get<EventListItem[]>(`/api/events?type=1&country-code=${country}`)).body);
      const alliances = data((await get<EventListItem[]>(`/api/events?type=3&country-code=${country}`)).body);
      expect(mass.length + alliances.length, country).toBeGreaterThanOrEqual(3);
      expect([...mass, ...alliances].every((item) => item.countryCode === country && item.currency === currency)).toBe(true);
    }
  });

  it("honours limit (the landing shows at most 20)", async () => {
    const all = data((await get<EventListItem[]>("/api/events?type=1")).body);
    const two = data((await get<EventListItem[]>("/api/events?type=1&limit=2")).body);
    expect(two.map((item) => item.id)).toEqual(all.slice(0, 2).map((item) => item.id));
  });

  it("carries at most 10 upcoming dates per item for free-range events", async () => {
    const list = data((await get<EventListItem[]>("/api/events?type=3")).body);
    const cathedral = list.find((item) => item.slug === "catedral-de-sal-zipaquira")!;
    expect(cathedral.periodicityType).toBe(2);
    expect(cathedral.calendars).toHaveLength(10);
  });

  it.each([
    ["/api/events", "type"],
    ["/api/events?type=4", "type"],
    ["/api/events?type=abc", "type"],
    ["/api/events?type=1&limit=0", "limit"],
    ["/api/events?type=1&limit=101", "limit"],
    ["/api/events?type=1&limit=ten", "limit"],
  ])("refuses %s with 422 naming %s", async (path, field) => {
    const { status, body } = await get(path);
    expect(status).toBe(422);
    expect(body).toMatchObject({ success: false, code: "validation_failed" });
    expect(Object.keys((body as { fields: object }).fields)).toContain(field);
  });

  it("refuses an unknown country with 422 unknown_country, translated", async () => {
    const spanish = await get("/api/events?type=1&country-code=XX");
    expect(spanish.status).toBe(422);
    expect(spanish.body).toMatchObject({ success: false, code: "unknown_country", message: "No atendemos ese país" });
    const english = await get("/api/events?type=1&country-code=BR", { "accept-language": "en-US,en;q=0.8" });
    expect(english.body).toMatchObject({ code: "unknown_country", message: "We do not operate in that country" });
  });
});

describe("GET /api/recommended-events", () => {
  it("answers flagged, upcoming mass and alliance events wrapped in regularEvent", async () => {
    const { status, body } = await get<RecommendedEvent[]>("/api/recommended-events?country-code=CO");
    expect(status).toBe(200);
    const list = data(body);
    expect(list.length).toBeGreaterThanOrEqual(4);
    for (const entry of list) {
      expect(entry.id).toBe(entry.regularEvent.id);
      expect([1, 3]).toContain(entry.regularEvent.type);
    }
    const recommended = await shop.db.select({ id: events.id }).from(events).where(eq(events.recommended, true));
    const flagged = new Set(recommended.map((row) => row.id));
    expect(list.every((entry) => flagged.has(entry.id))).toBe(true);
    expect(list.map((entry) => entry.regularEvent.slug)).toContain("ruta-del-cafe-parque-del-cafe");
  });

  it("is per country", async () => {
    const chile = data((await get<RecommendedEvent[]>("/api/recommended-events?country-code=CL")).body);
    expect(chile.length).toBeGreaterThan(0);
    expect(chile.every((entry) => entry.regularEvent.countryCode === "CL")).toBe(true);
    expect((await get("/api/recommended-events?country-code=ZZ")).status).toBe(422);
  });
});

describe("GET /api/search", () => {
  const search = async (q: string, country = "CO") =>
    data((await get<EventListItem[]>(`/api/search?q=${encodeURIComponent(q)}&country-code=${country}`)).body).map((item) => item.slug);

  it("finds events by name ignoring case and accents", async () => {
    expect(await search("catedral de sal")).toContain("catedral-de-sal-zipaquira");
    expect(await search("ZIPAQUIRA")).toContain("catedral-de-sal-zipaquira");
    expect(await search("peñol")).toContain("guatape-y-piedra-del-penol");
    expect(await search("penol")).toContain("guatape-y-piedra-del-penol");
  });

  it("finds events by their name in another locale and by venue", async () => {
    expect(await search("Coffee Park")).toContain("ruta-del-cafe-parque-del-cafe");
    const atCampin = await search("campín");
    expect(atCampin).toEqual(expect.arrayContaining(["clasico-capitalino-millonarios-santa-fe", "noche-vallenata-el-campin"]));
  });

  it("never shows private, past or cancelled events, nor other countries'", async () => {
    expect(await search("boda")).toEqual([]);
    expect(await search("camila")).toEqual([]);
    expect(await search("fin de temporada")).toEqual([]);
    expect(await search("barú")).toEqual([]);
    expect(await search("viña")).toEqual([]);
    expect(await search("viña", "CL")).toContain("festival-de-vina-quinta-vergara");
  });

  it("treats LIKE wildcards literally", async () => {
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
  });

  it("answers an empty list when nothing matches", async () => {
    expect(await search("zzzz-no-existe")).toEqual([]);
  });

  it.each(["/api/search", "/api/search?q=", "/api/search?q=%20%20"])("refuses a blank query: %s", async (path) => {
    const { status, body } = await get(path);
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: "validation_failed", fields: { q: "Campo requerido" } });
  });

  it("refuses an over-long query and an unknown country", async () => {
    expect((await get(`/api/search?q=${"a".repeat(101)}`)).status).toBe(422);
    expect((await get("/api/search?q=rock&country-code=AR")).body).toMatchObject({ code: "unknown_country" });
  });
});

describe("GET /api/events/{slug or id}", () => {
  it("answers the detail by slug and by numeric id", async () => {
    const bySlug = await get<EventDetail>("/api/events/guatape-y-piedra-del-penol");
    expect(bySlug.status).toBe(200);
    const detail = data(bySlug.body);
    expect(detail).toMatchObject({
      slug: "guatape-y-piedra-del-penol",
      message: null,
      type: 3,
      periodicityType: 3,
      paymentType: 1,
      countryCode: "CO",
      currency: "COP",
      place: { name: "Piedra del Peñol", translations: { en_US: { name: "El Peñol Rock" } } },
    });
    expect(detail.translations.es_CO?.imagePath).toBe("/demo/events/guatape-y-piedra-del-penol.webp");
    expect(detail.translations.en_US?.description).toMatch(/pick you up at home/);
    expect(detail.calendars.length).toBeGreaterThanOrEqual(4);
    expect(detail.additionalStops.map((stop) => stop.time)).toEqual(["09:30", "13:00"]);
    expect(detail.additionalStops[0]!.address).toContain("Mirador");

    const byId = data((await get<EventDetail>(`/api/events/${detail.id}`)).body);
    expect(byId).toEqual(detail);
  });

  it("carries one calendar entry per day for a free-range event and the range itself", async () => {
    const detail = data((await get<EventDetail>("/api/events/feria-internacional-del-libro-de-bogota")).body);
    expect(detail.periodicityType).toBe(2);
    expect(detail.calendars).toHaveLength(14);
    expect(new Date(detail.endDate).getTime()).toBeGreaterThan(new Date(detail.calendars.at(-1)!.startDate).getTime());
    expect(detail.startDate).toBe(detail.calendars[0]!.startDate);
  });

  it("marks the organiser-funded event with paymentType 2", async () => {
    expect(data((await get<EventDetail>("/api/events/dia-de-la-familia-andina-seguros")).body).paymentType).toBe(2);
  });

  it("opens a link-only private event that does not require login", async () => {
    const detail = data((await get<EventDetail>("/api/events/cincuenta-anos-de-martha-lucia-h2w8pz4r")).body);
    expect(detail).toMatchObject({ type: 2, message: null });
  });

  it("answers only a translated message for a private event that requires login", async () => {
    const spanish = await get<EventMessage>("/api/events/boda-camila-y-andres-q7k3vx9m");
    expect(spanish.status).toBe(200);
    const message = data(spanish.body);
    expect(message).toEqual({
      id: expect.any(Number),
      slug: "boda-camila-y-andres-q7k3vx9m",
      message: "Este evento es privado: inicia sesión con la cuenta invitada para reservar",
    });
    expect("calendars" in message).toBe(false);
    const english = data((await get<EventMessage>("/api/events/boda-camila-y-andres-q7k3vx9m?locale=en_US")).body);
    expect(english.message).toBe("This event is private: sign in with the invited account to book");
    const portuguese = data((await get<EventMessage>("/api/events/boda-camila-y-andres-q7k3vx9m", { "x-locale": "pt_BR" })).body);
    expect(portuguese.message).toMatch(/^Este evento é privado/);
  });

  it("answers 410 event_gone when every date is past or the event is cancelled", async () => {
    for (const slug of ["gran-concierto-de-fin-de-temporada", "festival-playa-baru"]) {
      const { status, body } = await get(`/api/events/${slug}`);
      expect(status, slug).toBe(410);
      expect(body).toEqual({ success: false, code: "event_gone", message: "El evento ya no está disponible" });
    }
    const { event } = await eventBySlug(shop.db, "gran-concierto-de-fin-de-temporada");
    expect((await get(`/api/events/${event.id}`)).status).toBe(410);
  });

  it("becomes gone once its last date has passed (the clock moves)", async () => {
    const { event } = await eventBySlug(shop.db, "clasico-capitalino-millonarios-santa-fe");
    const afterMatch = new Date(event.endDate.getTime() + 86_400_000);
    const later = shop.otherApp({ now: () => afterMatch });
    const response = await later.request("/api/events/clasico-capitalino-millonarios-santa-fe");
    expect(response.status).toBe(410);
    const list = (await (await later.request("/api/events?type=1")).json()) as { data: EventListItem[] };
    expect(list.data.map((item) => item.slug)).not.toContain("clasico-capitalino-millonarios-santa-fe");
  });

  it.each(["no-existe", "99999", "0", "99999999999999999999", "DROP%20TABLE", "%C3%B1"])("answers 404 not_found for %s", async (ref) => {
    const { status, body } = await get(`/api/events/${ref}`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, code: "not_found" });
  });

  it("answers 404 for an unpublished event", async () => {
    const db = shop.db;
    await db.update(events).set({ published: false }).where(eq(events.slug, "jazz-al-parque"));
    shop.catalogueChanged();
    try {
      expect((await get("/api/events/jazz-al-parque")).status).toBe(404);
    } finally {
      await db.update(events).set({ published: true }).where(eq(events.slug, "jazz-al-parque"));
      shop.catalogueChanged();
    }
  });
});

describe("getEventDetail for a signed-in viewer (the /shop-api variant)", () => {
  it("shows a login-only private event to its invited guests and its owner only", async () => {
    const db = shop.db;
    const owner = await insertUser(db, { email: "novios@example.com" });
    const guest = await insertUser(db, { email: "Invitada@Example.com" });
    const stranger = await insertUser(db, { email: "curioso@example.com" });
    const { event } = await eventBySlug(db, "boda-camila-y-andres-q7k3vx9m");
    await insertGuestList(db, event.id, owner.id, ["invitada@example.com", "otro@example.com"]);
    const options = { locale: "es_CO" as const, now: new Date() };

    const forGuest = await getEventDetail(db, "boda-camila-y-andres-q7k3vx9m", { ...options, viewerUserId: guest.id });
    expect(forGuest).toMatchObject({ slug: "boda-camila-y-andres-q7k3vx9m", message: null, type: 2 });
    expect((forGuest as EventDetail).calendars).toHaveLength(1);

    const forOwner = await getEventDetail(db, "boda-camila-y-andres-q7k3vx9m", { ...options, viewerUserId: owner.id });
    expect(forOwner.message).toBeNull();
    // Never by counting ids, not even for its owner.
    await expect(getEventDetail(db, String(event.id), { ...options, viewerUserId: owner.id })).rejects.toMatchObject({ code: "not_found" });

    const forStranger = await getEventDetail(db, "boda-camila-y-andres-q7k3vx9m", { ...options, viewerUserId: stranger.id });
    expect(forStranger).toEqual({ id: event.id, slug: "boda-camila-y-andres-q7k3vx9m", message: "Este evento es privado y tu cuenta no está en la lista de invitados" });

    const forVisitor = await getEventDetail(db, "boda-camila-y-andres-q7k3vx9m", options);
    expect(forVisitor.message).toMatch(/inicia sesión/);
  });

  it("still refuses gone events to signed-in viewers", async () => {
    const db = shop.db;
    const viewer = await insertUser(db);
    await expect(
      getEventDetail(db, "gran-concierto-de-fin-de-temporada", { locale: "es_CO", now: new Date(), viewerUserId: viewer.id }),
    ).rejects.toMatchObject({ code: "event_gone" });
  });
});

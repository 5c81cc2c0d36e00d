import { describe, expect, it } from "vitest";
import type { EventListItem } from "../../shared/types/catalogue";
import { eventCardData } from "./card-data";

const item = (overrides: Partial<EventListItem> = {}): EventListItem => ({
  id: 7,
  slug: "noche-de-salsa",
  type: 1,
  startDate: "2026-12-09T01:00:00.000Z",
  endDate: "2026-12-09T06:00:00.000Z",
  calendars: [{ id: 70, startDate: "2026-12-09T01:00:00.000Z" }],
  periodicityType: 1,
  paymentType: 1,
  countryCode: "CO",
  currency: "COP",
  minTicketPrice: 60000,
  translations: {
    es_CO: { name: "Noche de Salsa", imagePath: "/demo/events/noche-card.webp", minTicketPrice: 60000, firstPlaceName: "Movistar Arena" },
    en_US: { name: "Salsa Night", imagePath: "/demo/events/noche-card.webp", minTicketPrice: 60000, firstPlaceName: "Movistar Arena" },
  },
  ...overrides,
});

describe("event card data (spec 'Event cards')", () => {
  it("shows a fixed-date event's day, month name, place and time in the event's own time zone", () => {
    const card = eventCardData(item(), "es_CO", "");
    // 01:00 UTC on the 9th is 20:00 on the 8th in Bogotá.
    expect(card.fixedDate).toMatchObject({ day: "8", month: "diciembre", place: "Movistar Arena", time: "20:00" });
    expect(card.price).toBe("COP 60.000");
    expect(card.href).toBe("/event/noche-de-salsa");
  });

  it("promises no price while nothing is on sale (a new event still being set up)", () => {
    const bare = item({ minTicketPrice: 0, translations: { es_CO: { name: "Feria nueva", imagePath: "", minTicketPrice: 0, firstPlaceName: "" } } });
    expect(eventCardData(bare, "es_CO", "").price).toBeNull();
  });

  it("uses the first calendar date when there is one", () => {
    const card = eventCardData(item({ calendars: [{ id: 1, startDate: "2027-01-15T23:00:00.000Z" }] }), "es_CO", "");
    expect(card.fixedDate).toMatchObject({ day: "15", month: "enero", time: "18:00" });
  });

  it("has no date for events whose date is chosen ('Elige tu fecha')", () => {
    expect(eventCardData(item({ periodicityType: 2 }), "es_CO", "").fixedDate).toBeNull();
    expect(eventCardData(item({ periodicityType: 3 }), "es_CO", "").fixedDate).toBeNull();
  });

  it("reads the page's language and prefixes links with the site", () => {
    const card = eventCardData(item(), "en_US", "/co/en-us");
    expect(card.name).toBe("Salsa Night");
    expect(card.fixedDate?.month).toBe("December");
    expect(card.href).toBe("/co/en-us/event/noche-de-salsa");
  });

  it("falls back to another Spanish text, then to es_CO, when the locale has none", () => {
    expect(eventCardData(item(), "es_MX", "/mx/es-mx").name).toBe("Noche de Salsa");
    expect(eventCardData(item(), "pt_BR", "/co/pt-br").name).toBe("Noche de Salsa");
  });
});

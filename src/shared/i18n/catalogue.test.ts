import { describe, expect, it } from "vitest";
import { LOCALES } from "../locales";
import { LOCALE_BASE, messageSource } from "./define";
import { catalogues, messageAreas, translate } from "./index";

describe("message catalogues", () => {
  const reference = Object.keys(catalogues.es_CO).sort();

  it.each(LOCALES)("%s has every key of es_CO and no other", (locale) => {
    const keys = Object.keys(catalogues[locale]).sort();
    expect(reference.filter((key) => !keys.includes(key)), `missing in ${locale}`).toEqual([]);
    expect(keys.filter((key) => !reference.includes(key)), `unknown in ${locale}`).toEqual([]);
  });

  it.each(LOCALES)("%s has no empty text", (locale) => {
    const empty = Object.entries(catalogues[locale]).filter(([, text]) => text.trim() === "");
    expect(empty).toEqual([]);
  });

  it("never defines one key in two areas (the later one would silently win)", () => {
    const seen = new Map<string, number>();
    const clashes: string[] = [];
    messageAreas.forEach((area, index) => {
      for (const key of Object.keys(area.es_CO)) {
        if (seen.has(key)) clashes.push(`${key} (areas ${seen.get(key)} and ${index})`);
        seen.set(key, index);
      }
    });
    expect(clashes).toEqual([]);
  });

  it.each(Object.entries(LOCALE_BASE))("%s overrides only keys of %s, and only with a different text", (locale, base) => {
    const unknown: string[] = [];
    const repeated: string[] = [];
    const sources = messageAreas.map((area) => messageSource(area));
    expect(sources.every(Boolean), "every area is made by defineMessages").toBe(true);
    for (const source of sources) {
      const baseTexts: Record<string, string> = source![base];
      for (const [key, text] of Object.entries(source![locale as keyof typeof LOCALE_BASE] ?? {})) {
        if (!(key in baseTexts)) unknown.push(key);
        else if (text === baseTexts[key]) repeated.push(key);
      }
    }
    expect(unknown, `keys ${locale} overrides that ${base} lacks`).toEqual([]);
    expect(repeated, `texts ${locale} repeats from ${base} (leave them out; they fall back)`).toEqual([]);
  });

  it("reads a regional text where the variant has one and the base text elsewhere", () => {
    expect(translate("es_CL", "account.addresses.county")).toBe("Comuna");
    expect(translate("es_CL", "account.title")).toBe(translate("es_CO", "account.title"));
  });

  it("fills placeholders with the parameters given and leaves missing ones as written", () => {
    expect(translate("es_CO", "booking.discount.applied", { code: "VERANO", percent: "15 %" })).toBe("Cupón VERANO: 15 % de descuento");
    expect(translate("en_US", "errors.too_many_attempts", { minutes: 15 })).toBe("Too many attempts. Try again in 15 minutes.");
    expect(translate("es_CO", "booking.ticket.title", { n: 2 })).toBe("Ticket 2: {name}");
  });
});

/** Placeholders that hold a count: a noun after one must come from a plural, never in one form for every number. */
const COUNTS = ["count", "total", "seats", "max", "minutes", "sold", "held", "capacity"];

describe("counted messages", () => {
  it.each(LOCALES)("%s never writes a count with one form only ('1 pedidos', 'cupo(s)')", (locale) => {
    const oneForm = Object.entries(catalogues[locale]).filter(([, text]) => {
      if (/\w\((s|es)\)/.test(text)) return true;
      // "{count} pedidos" outside a plural; "{total} a esta cuenta" (an amount) is not a count.
      return COUNTS.some((name) => new RegExp(`\\{${name}\\} (pedidos|orders|cupos|seats|vagas|plazas|lugares|invitados|guests|convidados|minutos|minutes|pasajeros|passengers|passageiros|registros|records|filas|rows|linhas|vendidos|reservados|puestos)\\b`).test(text));
    });
    expect(oneForm.map(([key]) => key)).toEqual([]);
  });

  it("choose the singular for one and the plural for more, in every base language", () => {
    expect(translate("es_CO", "errors.admin_date_has_orders", { date: "1/5", count: 1 })).toContain("tiene 1 pedido:");
    expect(translate("es_CO", "errors.admin_date_has_orders", { date: "1/5", count: 2 })).toContain("tiene 2 pedidos:");
    expect(translate("en_US", "private_events.seats", { seats: 1 })).toBe("1 seat");
    expect(translate("en_US", "private_events.seats", { seats: 3 })).toBe("3 seats");
    expect(translate("pt_BR", "private_events.seats", { seats: 1 })).toBe("1 vaga");
    expect(translate("es_MX", "errors.too_many_attempts", { minutes: 1 })).toBe("Demasiados intentos. Inténtalo de nuevo en 1 minuto.");
  });
});

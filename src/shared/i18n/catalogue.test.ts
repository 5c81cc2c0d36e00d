import { describe, expect, it } from "vitest";
import { LOCALES } from "../locales";
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

  it("fills placeholders", () => {
    expect(translate("es_CO", "form.required")).toBe("Campo requerido");
  });
});

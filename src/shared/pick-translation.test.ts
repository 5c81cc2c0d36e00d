import { describe, expect, it } from "vitest";
import { pickTranslation } from "./pick-translation";

describe("a row's text in the reader's language", () => {
  const texts = { es_ES: "Polideportivo", es_CO: "Coliseo", en_US: "Arena" };

  it("takes the locale's own text, else its regional base, else the same language, else es_CO", () => {
    expect(pickTranslation(texts, "en_US")).toBe("Arena");
    expect(pickTranslation(texts, "es_MX")).toBe("Coliseo");
    expect(pickTranslation({ es_ES: "Polideportivo", en_US: "Arena" }, "es_MX")).toBe("Polideportivo");
    expect(pickTranslation({ es_CO: "Coliseo", en_US: "Arena" }, "pt_BR")).toBe("Coliseo");
    expect(pickTranslation({ en_US: "Arena" }, "pt_BR")).toBe("Arena");
  });

  it("stops after the same language when asked, and has nothing without texts", () => {
    expect(pickTranslation({ en_US: "Arena" }, "es_CO", false)).toBeUndefined();
    expect(pickTranslation(undefined, "es_CO")).toBeUndefined();
  });
});

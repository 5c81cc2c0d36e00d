import { describe, expect, it } from "vitest";
import { eventHome, slugFromPath } from "./load-event";

describe("slugFromPath", () => {
  it("reads the slug after the site prefix", () => {
    expect(slugFromPath("/event/boda-camila-y-andres-q7k3vx9m", "")).toBe("boda-camila-y-andres-q7k3vx9m");
    expect(slugFromPath("/cl/es-cl/event/festival-de-vina", "/cl/es-cl")).toBe("festival-de-vina");
    expect(slugFromPath("/event/caf%C3%A9/", "")).toBe("café");
  });

  it("finds none in the shell's own path or a deeper one", () => {
    expect(slugFromPath("/event", "")).toBe("");
    expect(slugFromPath("/event/a/b", "")).toBe("");
    expect(slugFromPath("/event/%E0%A4%A", "")).toBe("");
  });
});

describe("eventHome", () => {
  it("keeps an event on its own country's site", () => {
    expect(eventHome({ countryCode: "ES", slug: "feria" }, { country: "ES", locale: "es_ES" })).toBeUndefined();
    expect(eventHome({ countryCode: "co", slug: "estereo-picnic" }, { country: "CO", locale: "en_US" })).toBeUndefined();
  });

  it("sends another country's event to that country's site, in the visitor's language when offered", () => {
    expect(eventHome({ countryCode: "CO", slug: "estereo-picnic" }, { country: "ES", locale: "es_ES" })).toBe("/event/estereo-picnic");
    expect(eventHome({ countryCode: "CO", slug: "estereo-picnic" }, { country: "ES", locale: "en_US" })).toBe("/co/en-us/event/estereo-picnic");
    expect(eventHome({ countryCode: "CL", slug: "festival-de-vina" }, { country: "MX", locale: "es_MX" })).toBe("/cl/es-cl/event/festival-de-vina");
  });
});

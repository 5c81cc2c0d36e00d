import { describe, expect, it } from "vitest";
import { siteForChoice } from "./site-choice";

describe("siteForChoice", () => {
  it("maps a channel answer to its site", () => {
    expect(siteForChoice({ country: "CL", locale: "es_CL" })?.prefix).toBe("/cl/es-cl");
    expect(siteForChoice({ country: "co", locale: "es_CO" })?.prefix).toBe("");
  });

  it("falls back to the country's own language when the locale is not offered there", () => {
    expect(siteForChoice({ country: "MX", locale: "es_CL" })?.prefix).toBe("/mx/es-mx");
  });

  it("refuses an unknown country", () => {
    expect(siteForChoice({ country: "AR", locale: "es_CO" })).toBeUndefined();
  });
});

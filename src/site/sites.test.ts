import { describe, expect, it } from "vitest";
import { SITES } from "../shared/locales";
import { alternatesOf, catalogueSitePaths, sitePath, siteStaticPaths } from "./sites";

describe("sites", () => {
  it("builds one static path per country/locale, the default site without a prefix", () => {
    const paths = siteStaticPaths();
    expect(paths).toHaveLength(SITES.length);
    expect(paths[0]).toEqual({ params: { site: undefined }, props: { site: { country: "CO", locale: "es_CO", prefix: "" } }, cacheKey: expect.any(String) });
    expect(paths.map((path) => path.params.site)).toContain("cl/es-cl");
  });

  it("keys a catalogue page by what it prints in its site, so a change renders only the sites it reaches", async () => {
    const prices: Record<string, number> = { CO: 36000, CL: 9000 };
    const before = await catalogueSitePaths(async (site) => prices[site.country]);
    prices.CO = 35900;
    const after = await catalogueSitePaths(async (site) => prices[site.country]);
    const changed = after.filter((path, i) => path.cacheKey !== before[i]!.cacheKey).map((path) => path.props.site.country);
    expect(new Set(changed)).toEqual(new Set(["CO"]));
  });

  it("puts a page path under a site's prefix", () => {
    expect(sitePath({ prefix: "" }, "/")).toBe("/");
    expect(sitePath({ prefix: "" }, "/faq")).toBe("/faq");
    expect(sitePath({ prefix: "/cl/es-cl" }, "/")).toBe("/cl/es-cl");
    expect(sitePath({ prefix: "/cl/es-cl" }, "/faq")).toBe("/cl/es-cl/faq");
  });

  it("lists hreflang alternates for every language of the page's country plus x-default", () => {
    const colombiaEnglish = SITES.find((site) => site.prefix === "/co/en-us")!;
    expect(alternatesOf(colombiaEnglish, "/faq", "https://rodamos.co")).toEqual([
      { hreflang: "es-CO", href: "https://rodamos.co/faq" },
      { hreflang: "en-CO", href: "https://rodamos.co/co/en-us/faq" },
      { hreflang: "pt-CO", href: "https://rodamos.co/co/pt-br/faq" },
      { hreflang: "x-default", href: "https://rodamos.co/faq" },
    ]);
  });
});

/**
 * Every page exists once per country/locale site (src/shared/locales.ts SITES): es_CO/CO at the
 * unprefixed paths (`/faq`), the others under /{country}/{locale}. Pages live in `src/pages/[...site]/` and call
 * `siteStaticPaths()` so the rest parameter is `undefined` for the default site.
 */
import { COUNTRY_LOCALES, SITES, localeTag, sitePrefix, type CountryCode, type Site } from "../shared/locales";
import { cacheKeyOf } from "./cache-key";

export interface SiteParams {
  site: string | undefined;
}

export interface SitePath {
  params: SiteParams;
  props: { site: Site };
  /** Incremental builds reuse the last rendering while the key stays the same (src/site/cache-key.ts). */
  cacheKey: string;
}

const paramsOf = (site: Site): SiteParams => ({ site: site.prefix ? site.prefix.slice(1) : undefined });

/**
 * `{ params: { site: undefined | "cl/es-cl" }, props: { site } }` for every site, for pages that print no catalogue
 * data: their rendering changes only with their code or content files, which the build tracks itself.
 */
export function siteStaticPaths(): SitePath[] {
  const key = cacheKeyOf();
  return SITES.map((site) => ({ params: paramsOf(site), props: { site }, cacheKey: key }));
}

/**
 * The same paths for a page that prints catalogue answers: `dataOf(site)` fetches (the build memoises each answer,
 * so the page's own fetches share it) what the page prints, and the page is rendered again when that changes.
 */
export async function catalogueSitePaths(dataOf: (site: Site) => Promise<unknown>): Promise<SitePath[]> {
  return Promise.all(SITES.map(async (site) => ({ params: paramsOf(site), props: { site }, cacheKey: cacheKeyOf(await dataOf(site)) })));
}

/** The same page path under a site's prefix: ("/faq", CL site) -> "/cl/es-cl/faq"; "/" -> "/cl/es-cl". */
export function sitePath(site: Pick<Site, "prefix">, path: string): string {
  const clean = path === "/" || path === "" ? "" : path.startsWith("/") ? path : `/${path}`;
  return `${site.prefix}${clean}` || "/";
}

/** hreflang value for a country's content in a language: Colombian content in English is "en-CO". */
export function hreflangOf(site: Site): string {
  return `${localeTag(site.locale).slice(0, 2)}-${site.country}`;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

/**
 * `<link rel="alternate">` targets for one page: every locale the page's country offers, plus
 * x-default at the country's own language (the country decides the content, the locale the texts).
 */
export function alternatesOf(site: Site, path: string, origin: string | URL): Alternate[] {
  const country = site.country as CountryCode;
  const variants = COUNTRY_LOCALES[country].map((locale) => ({ country, locale, prefix: sitePrefix(country, locale) }));
  const absolute = (s: Site) => new URL(sitePath(s, path), origin).href;
  const main = variants[0] ?? site;
  return [
    ...variants.map((variant) => ({ hreflang: hreflangOf(variant), href: absolute(variant) })),
    { hreflang: "x-default", href: absolute(main) },
  ];
}

/** Sites grouped by country, in SITES order, for the country/language selector. */
export function sitesByCountry(): { country: CountryCode; sites: Site[] }[] {
  const groups = new Map<CountryCode, Site[]>();
  for (const site of SITES) groups.set(site.country, [...(groups.get(site.country) ?? []), site]);
  return [...groups].map(([country, sites]) => ({ country, sites }));
}

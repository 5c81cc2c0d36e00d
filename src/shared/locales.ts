/** Countries and locales the shop runs in: six locales, es_CO the default and the reference. */
export const LOCALES = ["es_CO", "es_CL", "es_ES", "es_MX", "en_US", "pt_BR"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "es_CO";

export const COUNTRIES = ["CO", "CL", "ES", "PE", "MX"] as const;
export type CountryCode = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: CountryCode = "CO";

/** Locales offered in each country, its own first (docs/decisions.md: Peru reads es_CO). */
export const COUNTRY_LOCALES: Record<CountryCode, readonly Locale[]> = {
  CO: ["es_CO", "en_US", "pt_BR"],
  CL: ["es_CL", "en_US", "pt_BR"],
  ES: ["es_ES", "en_US", "pt_BR"],
  PE: ["es_CO", "en_US", "pt_BR"],
  MX: ["es_MX", "en_US", "pt_BR"],
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === "string" && (COUNTRIES as readonly string[]).includes(value.toUpperCase());
}

/** BCP 47 tag for Intl and hreflang: es_CO -> es-CO. */
export function localeTag(locale: Locale): string {
  return locale.replace("_", "-");
}

/**
 * The URL prefix of a country/locale pair. Colombia in es_CO lives at the unprefixed paths ("");
 * every other pair under /{country}/{locale}, e.g. /cl/es-cl.
 */
export function sitePrefix(country: CountryCode, locale: Locale): string {
  if (country === DEFAULT_COUNTRY && locale === DEFAULT_LOCALE) return "";
  return `/${country.toLowerCase()}/${localeTag(locale).toLowerCase()}`;
}

export interface Site {
  country: CountryCode;
  locale: Locale;
  prefix: string;
}

export const SITES: readonly Site[] = COUNTRIES.flatMap((country) =>
  COUNTRY_LOCALES[country].map((locale) => ({ country, locale, prefix: sitePrefix(country, locale) })),
);

/** Reads a prefix such as "cl/es-cl" (or "" / undefined for the default site) back into a Site. */
export function siteFromPrefix(prefix: string | undefined): Site | undefined {
  const wanted = prefix ? `/${prefix.replace(/^\/|\/$/g, "").toLowerCase()}` : "";
  return SITES.find((site) => site.prefix === wanted);
}

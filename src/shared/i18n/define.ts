import { LOCALES, type Locale } from "../locales";

/**
 * The locale each regional variant falls back to: es_CL, es_ES and es_MX read es_CO's text for every key
 * they do not override, so their catalogues hold only what Chile, Spain and Mexico say differently.
 */
export const LOCALE_BASE = { es_CL: "es_CO", es_ES: "es_CO", es_MX: "es_CO" } as const satisfies Partial<Record<Locale, Locale>>;

type RegionalLocale = keyof typeof LOCALE_BASE;
type BaseLocale = Exclude<Locale, RegionalLocale>;

/**
 * One area's texts as written: es_CO, the reference, fixes the keys; every other base locale must give
 * all of them; a regional variant gives only its differences, and only for keys the reference has.
 */
export type MessageSource<K extends string> = { es_CO: Record<K, string> } & Record<Exclude<BaseLocale, "es_CO">, Record<NoInfer<K>, string>> &
  Partial<Record<RegionalLocale, Partial<Record<NoInfer<K>, string>>>>;

const sources = new WeakMap<object, MessageSource<string>>();

export function isRegionalLocale(locale: Locale): locale is RegionalLocale {
  return locale in LOCALE_BASE;
}

/**
 * One area's texts in all six locales, with each regional variant resolved against its base. A base that
 * misses a key, or a variant that overrides an unknown one, fails the type check (and `catalogue.test.ts`
 * says which).
 */
export function defineMessages<const K extends string>(messages: MessageSource<K>): Record<Locale, Record<K, string>> {
  const resolved = Object.fromEntries(
    LOCALES.map((locale) => [locale, isRegionalLocale(locale) ? { ...messages[LOCALE_BASE[locale]], ...messages[locale] } : messages[locale]]),
  ) as Record<Locale, Record<K, string>>;
  sources.set(resolved, messages);
  return resolved;
}

/** What an area wrote before fallback, so tests can check each variant's overrides. */
export function messageSource(area: Record<Locale, Record<string, string>>): MessageSource<string> | undefined {
  return sources.get(area);
}

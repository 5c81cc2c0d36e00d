import type { Locale } from "../locales";

type OtherLocale = Exclude<Locale, "es_CO">;

/**
 * One area's texts in all six locales. Keys come from es_CO, the reference; a locale that misses a key
 * or adds an unknown one fails the type check (and `catalogue.test.ts` says which).
 */
export function defineMessages<const K extends string>(
  messages: { es_CO: Record<K, string> } & Record<OtherLocale, Record<NoInfer<K>, string>>,
): Record<Locale, Record<K, string>> {
  return messages;
}

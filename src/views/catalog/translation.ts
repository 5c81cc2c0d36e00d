/** Picks the text of an API `translations` object for a locale: exact, then the same language, then es_CO. */
import { DEFAULT_LOCALE, type Locale } from "../../shared/locales";
import type { Translations } from "../../shared/types/catalog";

/**
 * `anyLanguage: false` stops after the same language (a venue's English name must not show on a Spanish
 * page; the caller then uses the venue's own name).
 */
export function pickTranslation<T>(translations: Translations<T> | undefined, locale: Locale, anyLanguage = true): T | undefined {
  if (!translations) return undefined;
  const exact = translations[locale];
  if (exact) return exact;
  const language = locale.slice(0, 2);
  const entries = Object.entries(translations) as [Locale, T | undefined][];
  const sameLanguage = entries.find(([code, value]) => value && code.startsWith(`${language}_`));
  if (sameLanguage?.[1]) return sameLanguage[1];
  if (!anyLanguage) return undefined;
  return translations[DEFAULT_LOCALE] ?? entries.find(([, value]) => value)?.[1];
}

/** A subset of one locale's catalogue, handed to a component or an island as plain strings. */
export function pickMessages<K extends string>(keys: readonly K[], translate: (key: K) => string): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, translate(key)])) as Record<K, string>;
}

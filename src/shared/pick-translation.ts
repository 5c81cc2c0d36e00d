/**
 * The one rule for picking a row's text (an event's name, a venue, a slide) from its per-locale translations,
 * used by the server's answers and the browser's pages alike: the locale's own text, else its regional base
 * (es_CL, es_ES and es_MX read es_CO, as the catalogues do), else another locale of the same language, else
 * the reference es_CO, else any text there is.
 */
import { DEFAULT_LOCALE, type Locale } from "./locales";
import { isRegionalLocale, LOCALE_BASE } from "./i18n/define";

/**
 * `anyLanguage: false` stops after the same language (a venue's English name must not show on a Spanish
 * page; the caller then uses the venue's own name).
 */
export function pickTranslation<T>(translations: Partial<Record<string, T>> | undefined, locale: Locale, anyLanguage = true): T | undefined {
  if (!translations) return undefined;
  const exact = translations[locale];
  if (exact) return exact;
  const base = isRegionalLocale(locale) ? translations[LOCALE_BASE[locale]] : undefined;
  if (base) return base;
  const language = locale.slice(0, 2);
  const entries = Object.entries(translations);
  const sameLanguage = entries.find(([code, value]) => value && code.startsWith(`${language}_`));
  if (sameLanguage?.[1]) return sameLanguage[1];
  if (!anyLanguage) return undefined;
  return translations[DEFAULT_LOCALE] ?? entries.find(([, value]) => value)?.[1];
}

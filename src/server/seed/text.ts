/** Demo texts are written once per language and spread over the six locales. */
import { LOCALES, type Locale } from "../../shared/locales";

/** Spanish, English and Portuguese, with optional country variants of Spanish where the words differ. */
export interface Text {
  es: string;
  en: string;
  pt: string;
  es_ES?: string;
  es_MX?: string;
  es_CL?: string;
}

/** A name that is the same in every language (a proper name). */
export const same = (name: string): Text => ({ es: name, en: name, pt: name });

export function inLocale(text: Text, locale: Locale): string {
  switch (locale) {
    case "en_US":
      return text.en;
    case "pt_BR":
      return text.pt;
    case "es_ES":
      return text.es_ES ?? text.es;
    case "es_MX":
      return text.es_MX ?? text.es;
    case "es_CL":
      return text.es_CL ?? text.es;
    default:
      return text.es;
  }
}

export function localize<T>(build: (locale: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, build(locale)])) as Record<Locale, T>;
}

/**
 * Build-time half of island texts: a page (or a static texts file) picks one locale's strings for an
 * island's keys and hands them over as a prop. Never imported by island code at run time, so the
 * message catalogues stay out of the browser (ESLint holds islands to type-only imports of them).
 */
import { translate, type MessageKey } from "../../shared/i18n";
import type { Locale } from "../../shared/locales";
import type { Texts } from "./texts";

export function pickTexts<K extends MessageKey>(locale: Locale, keys: readonly K[]): Texts<K> {
  return Object.fromEntries(keys.map((key) => [key, translate(locale, key)])) as Texts<K>;
}

/** Every key of one catalogue area (the default locale holds them all). */
export function areaKeys<K extends MessageKey>(area: { es_CO: Record<K, string> }): K[] {
  return Object.keys(area.es_CO) as K[];
}

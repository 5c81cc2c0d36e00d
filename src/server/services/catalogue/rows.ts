/** Small conversions between database rows and API answers, shared by the catalogue services. */
import { pickTranslation } from "../../../shared/pick-translation";
import type { Locale } from "../../../shared/locales";
import type { Translations } from "../../../shared/types/catalogue";

/** Drivers differ: node-postgres and PGlite may hand a timestamp back as a Date or as a string. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** `time` columns come back as HH:mm:ss; the API speaks HH:mm. */
export function hhmm(value: string): string {
  return value.slice(0, 5);
}

/** The jsonb translations column as the API's `Translations<T>` (keys are locale codes). */
export function asTranslations<T>(value: Record<string, T>): Translations<T> {
  return value as Translations<T>;
}

/** A translated text, by the shop's one fallback rule (src/shared/pick-translation.ts). */
export function pick<T>(translations: Record<string, T>, locale: Locale): T | undefined {
  return pickTranslation(translations, locale);
}

/**
 * An island's words for the page's locale, fetched from the static file built for it (src/islands/text-files.ts lists
 * the files): `loadTexts<AuthTexts>("auth", locale)`.
 */
import type { Locale } from "../../shared/locales";

export async function loadTexts<T>(file: string, locale: Locale): Promise<T> {
  const response = await fetch(`/texts/${file}/${locale}.json`);
  if (!response.ok) throw new Error(`texts ${file}/${locale}: ${response.status}`);
  return (await response.json()) as T;
}

/** An island's words for the page's locale, fetched from the static file built for it (see text-files.ts). */
import type { Locale } from "../../shared/locales";
import type { TextFile, TextFileKeys } from "./text-files";
import type { Texts } from "./texts";

export async function loadTexts<F extends TextFile>(file: F, locale: Locale): Promise<Texts<TextFileKeys[F]>> {
  const response = await fetch(`/texts/${file}/${locale}.json`);
  if (!response.ok) throw new Error(`texts ${file}/${locale}: ${response.status}`);
  return (await response.json()) as Texts<TextFileKeys[F]>;
}

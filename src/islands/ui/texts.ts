/**
 * How an island holds its words: a plain record of one locale's strings for the catalogue keys it uses,
 * picked at build time (see pick-texts.ts) so the browser never receives the other locales. Islands import
 * only types from the catalogue.
 */
import type { MessageKey } from "../../shared/i18n";
import { formatMessage } from "../../shared/i18n/message-format";

export type Texts<K extends MessageKey> = Record<K, string>;

/** A text with its {placeholders} filled and its plurals chosen by the page's language (`<html lang>`). */
export function fill(text: string, params: Record<string, string | number | Date> = {}): string {
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang;
  return formatMessage(text, params, lang || "es");
}

/** A field error in words: schema messages are catalogue keys; server messages arrive translated and show as they are. */
export function messageOf(texts: object, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return (texts as Record<string, string | undefined>)[key] ?? key;
}

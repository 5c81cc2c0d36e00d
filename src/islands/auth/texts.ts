/**
 * The words of the auth dialogs and pages. The dialogs load lazily from the header with no page props, so
 * they carry their own two catalogue areas (auth + form messages) and pick the page's locale; server
 * answers arrive already translated.
 */
import { authMessages } from "../../shared/i18n/messages/auth";
import { formMessages } from "../../shared/i18n/messages/forms";
import type { Locale } from "../../shared/locales";

export type AuthKey = keyof (typeof authMessages)["es_CO"] | keyof (typeof formMessages)["es_CO"];
export type AuthTexts = Record<AuthKey, string>;

export function authTexts(locale: Locale): AuthTexts {
  return { ...formMessages[locale], ...authMessages[locale] };
}

/** A text with its {placeholders} filled. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A schema message (a catalogue key) in words; unknown keys are shown as they are. */
export function messageOf(texts: Record<string, string>, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return texts[key] ?? key;
}

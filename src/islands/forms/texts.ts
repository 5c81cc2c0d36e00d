/**
 * The words the lead forms show, picked by the page (which holds the locale's translator) and passed to
 * the island as a prop, so the island ships only these strings rather than six catalogues.
 */
import type { MessageKey, Translate } from "../../shared/i18n";

export const LEAD_FORM_KEYS = [
  "leadform.name",
  "leadform.couple",
  "leadform.email",
  "leadform.phone",
  "leadform.phone_hint",
  "leadform.date",
  "leadform.place",
  "leadform.message",
  "leadform.required_note",
  "leadform.send",
  "leadform.sending",
  "leadform.thanks",
  "leadform.send_failed",
  // The schema messages (src/shared/schemas/fields.ts) the fields can show.
  "form.required",
  "form.email_invalid",
  "form.phone_invalid",
  "form.date_required",
  "form.date_invalid",
  "form.date_past",
  "form.too_long",
] as const satisfies readonly MessageKey[];

export type LeadFormKey = (typeof LEAD_FORM_KEYS)[number];
export type LeadFormTexts = Record<LeadFormKey, string>;

export function leadFormTexts(t: Translate): LeadFormTexts {
  return Object.fromEntries(LEAD_FORM_KEYS.map((key) => [key, t(key)])) as LeadFormTexts;
}

/** A field error is a catalogue key from the schema, or text the server already translated. */
export function errorText(texts: LeadFormTexts, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return (texts as Record<string, string>)[message] ?? message;
}

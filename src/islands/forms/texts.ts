/** The words the lead forms show, picked by the page for its locale (ui/pick-texts.ts) and passed as a prop. */
import type { MessageKey } from "../../shared/i18n";
import type { Texts } from "../ui/texts";

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

export type LeadFormTexts = Texts<(typeof LEAD_FORM_KEYS)[number]>;

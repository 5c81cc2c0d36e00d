/**
 * The back office's words: every key of the admin catalogue, served as /texts/admin/{locale}.json (src/islands/text-files.ts)
 * and fetched when an admin first opens a back-office section, so the staff page does not carry them.
 */
import type { MessageKey } from "../../../shared/i18n";
import { adminMessages } from "../../../shared/i18n/messages/admin";
import { adminErrorMessages } from "../../../shared/i18n/messages/errors";
import { adminFleetMessages } from "../../../shared/i18n/messages/admin-fleet";
import { adminSeatsMessages } from "../../../shared/i18n/messages/admin-seats";
import { areaKeys } from "../../ui/pick-texts";
import type { Texts } from "../../ui/texts";

/** The shared schemas' own messages (src/shared/schemas/admin reuse the forms' and the API's words). */
const SCHEMA_KEYS = [
  "form.required",
  "form.too_long",
  "form.date_invalid",
  "errors.invalid_number",
  "errors.invalid_id",
  "errors.invalid_value",
  "errors.invalid_event_type",
  "errors.unknown_country",
  "errors.unknown_county",
  "errors.unknown_province",
] as const satisfies readonly MessageKey[];

export const ADMIN_KEYS = [...areaKeys(adminMessages), ...areaKeys(adminErrorMessages), ...areaKeys(adminFleetMessages), ...areaKeys(adminSeatsMessages), ...SCHEMA_KEYS];
export type AdminKey = (typeof ADMIN_KEYS)[number];
export type AdminTexts = Texts<AdminKey>;

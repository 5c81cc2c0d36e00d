/**
 * The words of the auth dialogs and pages: the auth and form areas of the catalogue. Build-time only (see
 * ui/pick-texts.ts): the auth pages pick them as a prop, the dialogs (loaded from the header, with no page
 * props) fetch the static file built from them (src/islands/text-files.ts). Server answers arrive already translated.
 */
import { authMessages } from "../../shared/i18n/messages/auth";
import { authErrorMessages } from "../../shared/i18n/messages/errors";
import { formMessages } from "../../shared/i18n/messages/forms";
import { areaKeys } from "../ui/pick-texts";
import type { Texts } from "../ui/texts";

export const AUTH_KEYS = [...areaKeys(formMessages), ...areaKeys(authMessages), ...areaKeys(authErrorMessages)];
export type AuthTexts = Texts<(typeof AUTH_KEYS)[number]>;

/**
 * The account area's words: the account, auth, form and purchase areas of the catalogue. Build-time only:
 * the page picks them for its locale (ui/pick-texts.ts) and passes them to the island.
 */
import { accountMessages } from "../../shared/i18n/messages/account";
import { privateEventMessages } from "../../shared/i18n/messages/private-events";
import { privateEventQuoteMessages } from "../../shared/i18n/messages/private-event-quotes";
import { accountSecurityMessages } from "../../shared/i18n/messages/account-security";
import { accountErrorMessages, accountSecurityErrorMessages } from "../../shared/i18n/messages/errors";
import { AUTH_KEYS } from "../auth/texts";
import { areaKeys } from "../ui/pick-texts";
import type { Texts } from "../ui/texts";
import { PURCHASE_KEYS } from "./purchases/texts";

export const ACCOUNT_KEYS = [...AUTH_KEYS, ...PURCHASE_KEYS, ...areaKeys(accountMessages), ...areaKeys(privateEventMessages), ...areaKeys(accountSecurityMessages), ...areaKeys(accountErrorMessages), ...areaKeys(accountSecurityErrorMessages), ...areaKeys(privateEventQuoteMessages)];
export type AccountTexts = Texts<(typeof ACCOUNT_KEYS)[number]>;

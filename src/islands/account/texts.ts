/**
 * The account area's words, picked by the page (which knows its locale) and passed to the island, so the
 * page ships one language: the account, auth and form areas of the catalogue.
 */
import { accountMessages } from "../../shared/i18n/messages/account";
import { authMessages } from "../../shared/i18n/messages/auth";
import { formMessages } from "../../shared/i18n/messages/forms";
import type { Locale } from "../../shared/locales";

type AccountKey = keyof (typeof accountMessages)["es_CO"] | keyof (typeof authMessages)["es_CO"] | keyof (typeof formMessages)["es_CO"];
export type AccountTexts = Record<AccountKey, string>;

export function accountTexts(locale: Locale): AccountTexts {
  return { ...formMessages[locale], ...authMessages[locale], ...accountMessages[locale] };
}

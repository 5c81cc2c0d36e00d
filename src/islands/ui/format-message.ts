/**
 * Catalogue texts with ICU plurals (`{count, plural, one {# ticket} other {# tickets}}`) in the text's own language:
 * the shop's one message formatter (shared/i18n/message-format.ts, ICU through intl-messageformat), for islands
 * that know their locale rather than reading it from the page.
 */
import { formatMessage as format, type MessageParams } from "../../shared/i18n/message-format";
import { localeTag, type Locale } from "../../shared/locales";

export function formatMessage(locale: Locale, text: string, params: MessageParams = {}): string {
  return format(text, params, localeTag(locale));
}

/**
 * Catalogue texts with ICU plurals (`{count, plural, one {# ticket} other {# tickets}}`), formatted with
 * intl-messageformat in the text's own language; plain `{name}` placeholders work as in `translate`.
 */
import { IntlMessageFormat } from "intl-messageformat";
import { localeTag, type Locale } from "../../shared/locales";

const formats = new Map<string, IntlMessageFormat>();

export function formatMessage(locale: Locale, text: string, params: Record<string, string | number> = {}): string {
  const tag = localeTag(locale);
  const key = `${tag}\u0000${text}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(text, tag, undefined, { ignoreTag: true });
    formats.set(key, format);
  }
  return String(format.format(params));
}

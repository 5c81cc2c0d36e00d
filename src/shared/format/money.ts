/**
 * Prices, percentages and numbers as the country that uses the currency writes them, through `Intl.NumberFormat`:
 * COP 36.000, CLP 12.000, MXN 350.00, PEN 45.00, and 18,00 € in Spain. The shop's currency-code prefix is kept
 * wherever the country's locale puts the currency first; where it puts it after the amount (Spain) the amount reads as
 * that country writes it, with its symbol. The separators follow the currency, not the page's language: a country
 * site sells only its own country's events, and its English and Portuguese pages show prices as the receipts, the
 * bank and the gateway of that country print them ("COP 36.000" on the English Colombian site too).
 * Spaces are ordinary spaces, so a price reads and compares the same in pages, mails, PDFs and exports.
 */
import { COUNTRY_FACTS } from "../domain/countries";
import { localeTag, type Locale } from "../locales";

/** The locale whose conventions write each currency: the currency's own country (USD: the United States). */
const CURRENCY_LOCALE: Record<string, string> = {
  ...Object.fromEntries(Object.entries(COUNTRY_FACTS).map(([country, facts]) => [facts.currency, `es-${country}`])),
  USD: "en-US",
};

const formatters = new Map<string, Intl.NumberFormat>();

function cached(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** No-break and narrow no-break spaces written as plain spaces (see the module comment). */
function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, " ");
}

function moneyFormatter(currency: string, decimals: number, locale: Locale): Intl.NumberFormat {
  const tag = CURRENCY_LOCALE[currency] ?? localeTag(locale);
  return cached(`money|${tag}|${currency}|${decimals}`, () => {
    const options = { style: "currency", currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals } as const;
    const withCode = new Intl.NumberFormat(tag, { ...options, currencyDisplay: "code" });
    const codeFirst = withCode.formatToParts(1).findIndex((part) => part.type === "currency") === 0;
    return codeFirst ? withCode : new Intl.NumberFormat(tag, { ...options, currencyDisplay: "symbol" });
  });
}

export function formatMoney(minorUnits: number, currency: string, decimals: number, locale: Locale = "es_CO"): string {
  const major = minorUnits / 10 ** decimals;
  const parts = moneyFormatter(currency, decimals, locale).formatToParts(Math.abs(major));
  const text = plainSpaces(parts.map((part) => part.value).join(""));
  if (major >= 0 || Object.is(major, 0)) return text;
  // A refund or a credit keeps the currency where it always is and puts the sign on the amount ("COP -1.250.000").
  const first = parts.findIndex((part) => part.type === "integer");
  return plainSpaces([...parts.slice(0, first).map((part) => part.value), "-", ...parts.slice(first).map((part) => part.value)].join(""));
}

/** Currencies the shop sells in (src/shared/domain/countries.ts) and how many minor units each has in practice. */
export const CURRENCY_DECIMALS: Record<string, number> = {
  ...Object.fromEntries(Object.values(COUNTRY_FACTS).map((country) => [country.currency, country.currencyDecimals])),
  USD: 2,
};

export function formatPrice(minorUnits: number, currency: string, locale: Locale = "es_CO"): string {
  return formatMoney(minorUnits, currency, CURRENCY_DECIMALS[currency] ?? 0, locale);
}

/**
 * A percentage given in percent (33.33 for 33.33 %), at most two decimals, in the page's locale. Spanish writes the
 * sign apart from the number (Ortografía de la lengua española, 2010: "33,33 %"), which not every locale's data
 * does, so the space is set for Spanish here.
 */
export function formatPercent(percent: number, locale: Locale = "es_CO"): string {
  const tag = localeTag(locale);
  const parts = cached(`percent|${tag}`, () => new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 })).formatToParts(percent / 100);
  const spaced = locale.startsWith("es_");
  return plainSpaces(
    parts.map((part) => (part.type === "percentSign" && spaced ? " %" : part.type === "literal" && spaced && parts.some((p) => p.type === "percentSign") ? "" : part.value)).join(""),
  );
}

/** A plain number (counts, kilometres) in the page's locale. */
export function formatNumber(value: number, locale: Locale = "es_CO", maximumFractionDigits = 2): string {
  const tag = localeTag(locale);
  return plainSpaces(cached(`number|${tag}|${maximumFractionDigits}`, () => new Intl.NumberFormat(tag, { maximumFractionDigits })).format(value));
}

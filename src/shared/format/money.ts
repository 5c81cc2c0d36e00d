/**
 * Prices as the shop shows them on every site, English included: the currency code as a
 * prefix, a dot for thousands and a comma for decimals ("COP 120.000", "EUR 12,50"). The locale stays a
 * parameter so callers need not change if a site ever gets its own separators.
 */
import { COUNTRY_FACTS } from "../domain/countries";
import type { Locale } from "../locales";

export function formatMoney(minorUnits: number, currency: string, decimals: number, _locale: Locale = "es_CO"): string {
  const major = minorUnits / 10 ** decimals;
  const negative = major < 0;
  const [whole = "0", fraction] = Math.abs(major).toFixed(decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${currency} ${negative ? "-" : ""}${grouped}${fraction ? "," + fraction : ""}`;
}

/** Currencies the shop sells in (src/shared/domain/countries.ts) and how many minor units each has in practice. */
export const CURRENCY_DECIMALS: Record<string, number> = {
  ...Object.fromEntries(Object.values(COUNTRY_FACTS).map((country) => [country.currency, country.currencyDecimals])),
  USD: 2,
};

export function formatPrice(minorUnits: number, currency: string, locale: Locale = "es_CO"): string {
  return formatMoney(minorUnits, currency, CURRENCY_DECIMALS[currency] ?? 0, locale);
}

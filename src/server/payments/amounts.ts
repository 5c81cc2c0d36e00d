/**
 * Providers speak major units (Webpay `amount`, MercadoPago `unit_price`, `transaction_amount`); the shop keeps
 * integer minor units, so sums never round. Minor-unit counts per currency come from the shared money format.
 */
import { CURRENCY_DECIMALS } from "../../shared/format/money";

export function currencyDecimals(currency: string): number {
  return CURRENCY_DECIMALS[currency.toUpperCase()] ?? 0;
}

export function toMajorUnits(minor: number, currency: string): number {
  const decimals = currencyDecimals(currency);
  return Number((minor / 10 ** decimals).toFixed(decimals));
}

export function toMinorUnits(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyDecimals(currency));
}

/**
 * Phone numbers as the shop stores and sends them: digits only, the country calling code first
 * ("573001234567"). Inputs default to the page's country. Used by sign-up and the
 * booking wizard alike.
 */
import { COUNTRY_FACTS } from "../domain/countries";
import { DEFAULT_COUNTRY } from "../locales";
export const CALLING_CODES: { country: string; code: string }[] = [
  // The shop's countries first (src/shared/domain/countries.ts), then the neighbours travellers come from.
  ...Object.entries(COUNTRY_FACTS).map(([country, facts]) => ({ country, code: facts.phonePrefix })),
  { country: "AR", code: "54" },
  { country: "BR", code: "55" },
  { country: "EC", code: "593" },
  { country: "VE", code: "58" },
  { country: "US", code: "1" },
];

export function callingCodeOf(country: string): string {
  return CALLING_CODES.find((entry) => entry.country === country)?.code ?? COUNTRY_FACTS[DEFAULT_COUNTRY].phonePrefix;
}

/** The choices of a calling-code picker, country names in the page's language. */
export function callingCodeOptions(localeTag: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([localeTag], { type: "region" });
  } catch {
    names = undefined;
  }
  return CALLING_CODES.map(({ country, code }) => ({ value: code, label: `${names?.of(country) ?? country} (+${code})` }));
}

/**
 * Splits a stored phone into calling code and national number. A number typed without a code (a friend saved
 * as "912345678") keeps the default code; 10 or fewer digits are read as national.
 */
export function splitPhone(value: string, defaultCode: string): { code: string; national: string } {
  const digits = value.replace(/\D/g, "");
  if (digits.length > 10) {
    const known = CALLING_CODES.map((entry) => entry.code)
      .sort((a, b) => b.length - a.length)
      .find((code) => digits.startsWith(code));
    if (known) return { code: known, national: digits.slice(known.length) };
  }
  return { code: defaultCode, national: digits };
}

export function joinPhone(code: string, national: string): string {
  const digits = national.replace(/\D/g, "");
  return digits ? `${code}${digits}` : "";
}

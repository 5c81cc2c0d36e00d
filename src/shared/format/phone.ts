/**
 * A phone field's value: the calling code the person picked and the national number they typed, joined as
 * "+<code><digits>" ("+573001234567", E.164 once valid). The "+" marks where the code ends, so the value reads
 * back into the same code and number on every keystroke ("+573" is code 57 and number "3", never code 57 and
 * number "573"). Inputs default to the page's country (Colombia by default). Used by sign-up and the booking wizard.
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
 * Splits a phone into calling code and national number. After a "+" the code is the longest known one it starts
 * with, whatever the length (a number being typed). Without a "+" (a number stored before, or a friend saved as
 * "912345678"), more than 10 digits start with their code, and 10 or fewer are national under the default code.
 */
export function splitPhone(value: string, defaultCode: string): { code: string; national: string } {
  const digits = value.replace(/\D/g, "");
  const marked = value.trimStart().startsWith("+");
  if (marked || digits.length > 10) {
    const known = CALLING_CODES.map((entry) => entry.code)
      .sort((a, b) => b.length - a.length)
      .find((code) => digits.startsWith(code));
    if (known) return { code: known, national: digits.slice(known.length) };
  }
  return { code: defaultCode, national: digits };
}

/** The field's value for a code and what was typed in the number box: "+<code><digits>", or "" with no digits. */
export function joinPhone(code: string, national: string): string {
  const digits = national.replace(/\D/g, "");
  return digits ? `+${code}${digits}` : "";
}

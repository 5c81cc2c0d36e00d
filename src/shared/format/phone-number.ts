/**
 * Checks and normalises phone numbers with libphonenumber-js for the countries the shop sells in
 * (phone-metadata.min.json), so a real Colombian mobile ("+57 300 123 4567", "300 123 4567") is taken
 * and stored as E.164 ("+573001234567"). Browser and server use the same rules through the schemas.
 */
import { parsePhoneNumberFromString, type MetadataJson } from "libphonenumber-js/core";
import metadataJson from "./phone-metadata.min.json";
import { PHONE_COUNTRIES, type PhoneCountry } from "./phone-metadata";

const metadata = metadataJson as unknown as MetadataJson;

/** What people type around the digits: spaces, dashes, dots and brackets. */
export function stripPhoneSeparators(value: string): string {
  return value.replace(/[\s\-().]/g, "");
}

export interface PhoneRules {
  /** The person's country: numbers without a + are read as its national numbers. Default CO. */
  country?: PhoneCountry;
  /** Also take a number of another of the shop's countries (typed with its + code, or its code without +). */
  anyCountry?: boolean;
  /**
   * Digits are read with their calling code first (sign-up's picker puts it first), and as a national
   * number only when too short to hold a code (10 digits or fewer), so "1 202…" stays a US number.
   */
  codeFirst?: boolean;
}

/** The E.164 form of a number valid under `rules`, or undefined. */
export function toE164(value: string, rules: PhoneRules = {}): string | undefined {
  const country = rules.country ?? "CO";
  const typed = stripPhoneSeparators(value);
  if (!/^\+?\d{4,17}$/.test(typed)) return undefined;
  // Digits without a "+" hold a calling code only when too long for a national number: "912345678" is never +91.
  const international = rules.anyCountry && typed.replace("+", "").length > 10 ? [`+${typed}`] : [];
  const candidates = typed.startsWith("+") ? [typed] : rules.codeFirst ? [...international, ...(typed.length <= 10 ? [typed] : [])] : [typed, ...international];
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate, { defaultCountry: country }, metadata);
    if (parsed?.isValid() && (rules.anyCountry || parsed.country === country)) return parsed.number;
  }
  return undefined;
}

/**
 * A stored phone as a person reads it: a number of `country` in its national format ("300 1234567"), one of another
 * of the shop's countries in international format ("+56 9 1234 5678"); anything unreadable as it was stored,
 * never with a second "+".
 */
export function displayPhone(value: string, country: string = "CO"): string {
  const typed = stripPhoneSeparators(value);
  const home = (PHONE_COUNTRIES as readonly string[]).includes(country) ? (country as PhoneCountry) : "CO";
  const read = (candidate: string) => parsePhoneNumberFromString(candidate, { defaultCountry: home }, metadata);
  // Stored before numbers carried their "+": digits too long to be national start with their calling code.
  const parsed = /^\+?\d{4,17}$/.test(typed) ? (read(typed)?.isValid() ? read(typed) : typed.length > 10 && !typed.startsWith("+") ? read(`+${typed}`) : undefined) : undefined;
  if (!parsed?.isValid()) return value.trim();
  return parsed.country === home ? parsed.formatNational() : parsed.formatInternational();
}

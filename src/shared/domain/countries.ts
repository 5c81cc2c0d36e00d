/**
 * What the shop knows of each country it runs in, in one table: its name, the currency it sells in (and its
 * minor units), the time zone its events' dates read in, the phone calling code a number defaults to, and the
 * label of its identity document. The seed writes the `countries` rows from it; the formatters read it.
 */
import type { CountryCode } from "../locales";

export interface CountryFacts {
  name: string;
  currency: string;
  /** Minor units of the currency in practice (COP and CLP have none). */
  currencyDecimals: number;
  timeZone: string;
  /** The calling code without "+". */
  phonePrefix: string;
  /** What the identity document is called there. */
  idLabel: string;
}

export const COUNTRY_FACTS: Record<CountryCode, CountryFacts> = {
  CO: { name: "Colombia", currency: "COP", currencyDecimals: 0, timeZone: "America/Bogota", phonePrefix: "57", idLabel: "Cédula" },
  CL: { name: "Chile", currency: "CLP", currencyDecimals: 0, timeZone: "America/Santiago", phonePrefix: "56", idLabel: "RUT" },
  ES: { name: "España", currency: "EUR", currencyDecimals: 2, timeZone: "Europe/Madrid", phonePrefix: "34", idLabel: "DNI / Pasaporte" },
  PE: { name: "Perú", currency: "PEN", currencyDecimals: 2, timeZone: "America/Lima", phonePrefix: "51", idLabel: "DNI" },
  MX: { name: "México", currency: "MXN", currencyDecimals: 2, timeZone: "America/Mexico_City", phonePrefix: "52", idLabel: "CURP / Pasaporte" },
};

/** The facts of a country code as stored or sent (any case); undefined for a country the shop does not serve. */
export function countryFacts(code: string | undefined): CountryFacts | undefined {
  const upper = code?.toUpperCase();
  return upper && Object.hasOwn(COUNTRY_FACTS, upper) ? COUNTRY_FACTS[upper as CountryCode] : undefined;
}

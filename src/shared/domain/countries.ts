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
  /** The consumption tax's name on an invoice (IVA, IGV): its rate comes from the settings (INVOICE_TAX_RATES). */
  taxName: string;
  /** The documents a buyer may name themselves with on an invoice there, by the code stored with the account. */
  documentTypes: readonly DocumentType[];
}

/** One kind of identity or tax document: its code (stored) and its name as printed. */
export interface DocumentType {
  code: DocumentTypeCode;
  label: string;
}

/** The passport: the one document every country takes, and the one with a common name in every language. */
export const PASSPORT_CODE = "PAS";
const PASSPORT: DocumentType = { code: PASSPORT_CODE, label: "Pasaporte" };

export const COUNTRY_FACTS: Record<CountryCode, CountryFacts> = {
  CO: { name: "Colombia", currency: "COP", currencyDecimals: 0, timeZone: "America/Bogota", phonePrefix: "57", idLabel: "Cédula", taxName: "IVA", documentTypes: [{ code: "CC", label: "Cédula de ciudadanía" }, { code: "CE", label: "Cédula de extranjería" }, { code: "NIT", label: "NIT" }, PASSPORT] },
  CL: { name: "Chile", currency: "CLP", currencyDecimals: 0, timeZone: "America/Santiago", phonePrefix: "56", idLabel: "RUT", taxName: "IVA", documentTypes: [{ code: "RUT", label: "RUT" }, PASSPORT] },
  ES: { name: "España", currency: "EUR", currencyDecimals: 2, timeZone: "Europe/Madrid", phonePrefix: "34", idLabel: "DNI / Pasaporte", taxName: "IVA", documentTypes: [{ code: "DNI", label: "DNI" }, { code: "NIE", label: "NIE" }, { code: "NIF", label: "NIF" }, PASSPORT] },
  PE: { name: "Perú", currency: "PEN", currencyDecimals: 2, timeZone: "America/Lima", phonePrefix: "51", idLabel: "DNI", taxName: "IGV", documentTypes: [{ code: "DNI", label: "DNI" }, { code: "CE", label: "Carné de extranjería" }, { code: "RUC", label: "RUC" }, PASSPORT] },
  MX: { name: "México", currency: "MXN", currencyDecimals: 2, timeZone: "America/Mexico_City", phonePrefix: "52", idLabel: "CURP / Pasaporte", taxName: "IVA", documentTypes: [{ code: "CURP", label: "CURP" }, { code: "RFC", label: "RFC" }, PASSPORT] },
};

/** Every document code any country takes (users.document_type and its CHECK, migration 0061). */
export const DOCUMENT_TYPE_CODES = ["CC", "CE", "NIT", "PAS", "RUT", "DNI", "NIE", "NIF", "RUC", "CURP", "RFC"] as const;
export type DocumentTypeCode = (typeof DOCUMENT_TYPE_CODES)[number];

/** How a document code is printed (the first country naming it: codes mean one document everywhere). */
export function documentTypeLabel(code: string): string | undefined {
  for (const facts of Object.values(COUNTRY_FACTS)) {
    const type = facts.documentTypes.find((one) => one.code === code);
    if (type) return type.label;
  }
  return undefined;
}

/** The facts of a country code as stored or sent (any case); undefined for a country the shop does not serve. */
export function countryFacts(code: string | undefined): CountryFacts | undefined {
  const upper = code?.toUpperCase();
  return upper && Object.hasOwn(COUNTRY_FACTS, upper) ? COUNTRY_FACTS[upper as CountryCode] : undefined;
}

/** The country that sells in a currency (each country its own currency): how a payment knows whose account it names. */
export function countryOfCurrency(currency: string): CountryCode | undefined {
  return (Object.keys(COUNTRY_FACTS) as CountryCode[]).find((code) => COUNTRY_FACTS[code].currency === currency.toUpperCase());
}

/**
 * A box around each country's land and islands (south, west, north, east in degrees), against which a van's GPS fix
 * is judged plausible: generous on purpose (a border town's fix may lie a little outside the box of its country).
 */
export const COUNTRY_BOUNDS: Record<CountryCode, { south: number; west: number; north: number; east: number }> = {
  CO: { south: -4.5, west: -82, north: 13.6, east: -66.7 },
  CL: { south: -56.1, west: -109.6, north: -17.4, east: -66.3 },
  ES: { south: 27.5, west: -18.3, north: 43.9, east: 4.5 },
  PE: { south: -18.5, west: -81.5, north: 0.1, east: -68.6 },
  MX: { south: 14.4, west: -118.5, north: 32.8, east: -86.6 },
};

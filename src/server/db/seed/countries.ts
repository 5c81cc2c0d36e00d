/** Countries, locales and channels: the geography every other demo row hangs from. */
import { COUNTRY_LOCALES, LOCALES, type CountryCode, type Locale } from "../../../shared/locales";
import type { Db } from "../client";
import { channels, countries, countryLocales, locales } from "../schema";

const LOCALE_NAMES: Record<Locale, string> = {
  es_CO: "Español (Colombia)",
  es_CL: "Español (Chile)",
  es_ES: "Español (España)",
  es_MX: "Español (México)",
  en_US: "English (US)",
  pt_BR: "Português (Brasil)",
};

const COUNTRY_ROWS: {
  code: CountryCode;
  name: string;
  currency: string;
  currencyDecimals: number;
  phonePrefix: string;
  rutLabel: string;
}[] = [
  { code: "CO", name: "Colombia", currency: "COP", currencyDecimals: 0, phonePrefix: "57", rutLabel: "Cédula" },
  { code: "CL", name: "Chile", currency: "CLP", currencyDecimals: 0, phonePrefix: "56", rutLabel: "RUT" },
  { code: "ES", name: "España", currency: "EUR", currencyDecimals: 2, phonePrefix: "34", rutLabel: "DNI / Pasaporte" },
  { code: "PE", name: "Perú", currency: "PEN", currencyDecimals: 2, phonePrefix: "51", rutLabel: "DNI" },
  { code: "MX", name: "México", currency: "MXN", currencyDecimals: 2, phonePrefix: "52", rutLabel: "CURP / Pasaporte" },
];

/** Hosts the shop answers on; `/channels/{host}` tells a first-time visitor's country and language. */
const CHANNEL_ROWS: { host: string; countryCode: CountryCode }[] = [
  { host: "localhost", countryCode: "CO" },
  { host: "127.0.0.1", countryCode: "CO" },
  { host: "rodamos.co", countryCode: "CO" },
  { host: "rodamos.cl", countryCode: "CL" },
  { host: "rodamos.es", countryCode: "ES" },
  { host: "rodamos.pe", countryCode: "PE" },
  { host: "rodamos.mx", countryCode: "MX" },
];

export async function seedCountries(db: Db) {
  await db.insert(locales).values(LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code] })));
  await db.insert(countries).values(
    COUNTRY_ROWS.map((row, index) => ({ ...row, defaultLocale: COUNTRY_LOCALES[row.code][0]!, sortOrder: index })),
  );
  await db.insert(countryLocales).values(
    COUNTRY_ROWS.flatMap((row) =>
      COUNTRY_LOCALES[row.code].map((localeCode, sortOrder) => ({ countryCode: row.code, localeCode, sortOrder })),
    ),
  );
  await db.insert(channels).values(
    CHANNEL_ROWS.map((row) => ({ ...row, defaultLocale: COUNTRY_LOCALES[row.countryCode][0]! })),
  );
}

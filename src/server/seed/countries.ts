/** Countries, locales and channels: the geography every other demo row hangs from. */
import { COUNTRY_FACTS } from "../../shared/domain/countries";
import { COUNTRY_LOCALES, LOCALES, type CountryCode, type Locale } from "../../shared/locales";
import type { Db } from "../db/client";
import { channels, countries, countryLocales, locales } from "../db/schema";

const LOCALE_NAMES: Record<Locale, string> = {
  es_CO: "Español (Colombia)",
  es_CL: "Español (Chile)",
  es_ES: "Español (España)",
  es_MX: "Español (México)",
  en_US: "English (US)",
  pt_BR: "Português (Brasil)",
};

const COUNTRY_ROWS = (Object.entries(COUNTRY_FACTS) as [CountryCode, (typeof COUNTRY_FACTS)[CountryCode]][]).map(([code, facts]) => ({
  code,
  name: facts.name,
  currency: facts.currency,
  currencyDecimals: facts.currencyDecimals,
  phonePrefix: facts.phonePrefix,
  rutLabel: facts.idLabel,
}));

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

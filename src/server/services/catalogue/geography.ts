/** Countries, locales, channels and counties. */
import { asc, eq } from "drizzle-orm";
import { DEFAULT_COUNTRY, DEFAULT_LOCALE, type CountryCode, type Locale } from "../../../shared/locales";
import type { Channel, Country, CountyOption, LocaleOption } from "../../../shared/types/catalogue";
import type { Db } from "../../db/client";
import { channels, counties, countries, countryLocales, locales, provinces } from "../../db/schema";

export async function listCountries(db: Db): Promise<Country[]> {
  const rows = await db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.code));
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    currency: row.currency,
    currencyDecimals: row.currencyDecimals,
    defaultLocale: row.defaultLocale as Locale,
    phonePrefix: row.phonePrefix,
    rutLabel: row.rutLabel,
  }));
}

/** The languages offered in a country, its own first. */
export async function listLocales(db: Db, countryCode: CountryCode): Promise<LocaleOption[]> {
  const rows = await db
    .select({ code: locales.code, name: locales.name })
    .from(countryLocales)
    .innerJoin(locales, eq(locales.code, countryLocales.localeCode))
    .where(eq(countryLocales.countryCode, countryCode))
    .orderBy(asc(countryLocales.sortOrder));
  return rows.map((row) => ({ code: row.code as Locale, name: row.name }));
}

/**
 * The country and language of a host, for a first visit with nothing stored.
 * An unknown host gets the default channel: Colombia in es_CO.
 */
export async function getChannel(db: Db, host: string): Promise<Channel> {
  const [row] = await db
    .select({ countryCode: channels.countryCode, defaultLocale: channels.defaultLocale })
    .from(channels)
    .where(eq(channels.host, host))
    .limit(1);
  if (!row) return { countryCode: DEFAULT_COUNTRY, defaultLocaleCode: DEFAULT_LOCALE };
  return { countryCode: row.countryCode, defaultLocaleCode: row.defaultLocale as Locale };
}

/** Every county (commune) of a country, grouped by province, each by name. */
export async function listCounties(db: Db, countryCode: CountryCode): Promise<CountyOption[]> {
  const rows = await db
    .select({ id: counties.id, name: counties.name, provinceId: counties.provinceId, provinceName: provinces.name })
    .from(counties)
    .innerJoin(provinces, eq(provinces.id, counties.provinceId))
    .where(eq(provinces.countryCode, countryCode));
  const collator = new Intl.Collator("es", { sensitivity: "base" });
  return rows
    .sort((a, b) => collator.compare(a.provinceName, b.provinceName) || collator.compare(a.name, b.name))
    .map(({ id, name, provinceId, provinceName }) => ({ id, name, provinceId, provinceName }));
}

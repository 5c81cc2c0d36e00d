/** Which countries' phone rules the shop ships, and how they are cut from libphonenumber-js's metadata. */
export const PHONE_COUNTRIES = ["CO", "CL", "ES", "PE", "MX"] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];

interface MetadataShape {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

/** The metadata of `countries` only (their calling codes and rules; no non-geographic numbers). */
export function phoneMetadataFor(full: MetadataShape, countries: readonly string[]): MetadataShape {
  const wanted = new Set(countries);
  const codes = Object.entries(full.country_calling_codes)
    .map(([code, owners]) => [code, owners.filter((owner) => wanted.has(owner))] as const)
    .filter(([, owners]) => owners.length > 0);
  return {
    version: full.version,
    country_calling_codes: Object.fromEntries(codes),
    countries: Object.fromEntries(countries.map((country) => [country, full.countries[country]])),
    nonGeographic: {},
  };
}

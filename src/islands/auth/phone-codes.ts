/** Country calling codes the sign-up phone field offers; the page's country first (spec: defaults to Colombia). */
export const PHONE_CODES: { country: string; code: string }[] = [
  { country: "CO", code: "57" },
  { country: "CL", code: "56" },
  { country: "ES", code: "34" },
  { country: "PE", code: "51" },
  { country: "MX", code: "52" },
  { country: "AR", code: "54" },
  { country: "BR", code: "55" },
  { country: "EC", code: "593" },
  { country: "VE", code: "58" },
  { country: "US", code: "1" },
];

export function phoneCodeOf(country: string): string {
  return PHONE_CODES.find((entry) => entry.country === country)?.code ?? "57";
}

export function phoneCodeOptions(localeTag: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([localeTag], { type: "region" });
  } catch {
    names = undefined;
  }
  return PHONE_CODES.map(({ country, code }) => ({ value: code, label: `${names?.of(country) ?? country} (+${code})` }));
}

/** The passenger's phone: a calling-code choice (the shop's country first) and the number, digits only. */
import { useId } from "react";
import { localeTag, type Locale } from "../../shared/locales";
import { CALLING_CODES, joinPhone, splitPhone } from "../../shared/format/phone";

interface Props {
  label: string;
  codeLabel: string;
  value: string;
  defaultCode: string;
  locale: Locale;
  error?: string;
  onChange(value: string): void;
  onBlur(): void;
}

function countryName(country: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([localeTag(locale)], { type: "region" }).of(country) ?? country;
  } catch {
    return country;
  }
}

export function PhoneInput({ label, codeLabel, value, defaultCode, locale, error, onChange, onBlur }: Props) {
  const id = useId();
  const { code, national } = splitPhone(value, defaultCode);
  return (
    <div className={error ? "bk-field has-error" : "bk-field"}>
      <label htmlFor={id}>{label}</label>
      <div className="bk-phone">
        <select aria-label={codeLabel} value={code} onChange={(change) => onChange(joinPhone(change.target.value, national))} onBlur={onBlur}>
          {CALLING_CODES.map((entry) => (
            <option key={entry.country} value={entry.code}>
              {`+${entry.code} ${countryName(entry.country, locale)}`}
            </option>
          ))}
        </select>
        <input
          id={id}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={national}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(change) => onChange(joinPhone(code, change.target.value))}
          onBlur={onBlur}
        />
      </div>
      {error ? (
        <span className="bk-field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

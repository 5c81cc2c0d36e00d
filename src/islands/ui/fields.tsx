/**
 * The islands' labelled form controls. Each ties its label, hint and error to the control for assistive
 * technology: the label names it, aria-describedby points at the hint and error shown, aria-invalid says
 * when the value is refused. The look follows the island's design (FieldLook): the account and auth forms,
 * the lead forms and the booking wizard each style their own class names.
 */
import { createContext, useContext, useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { CALLING_CODES, joinPhone, splitPhone } from "../../shared/format/phone";
import { localeTag, type Locale } from "../../shared/locales";

export type FieldLook = "shop" | "lead" | "booking";

const LOOKS = {
  shop: { box: "field", hint: "field-hint", error: "field-error", errorTag: "p", hintWithError: false },
  lead: { box: "lead-field", hint: "lead-hint", error: "lead-error", errorTag: "p", hintWithError: true },
  booking: { box: "bk-field", hint: "bk-hint", error: "bk-field-error", errorTag: "span", hintWithError: false },
} as const;

/** Set once at an island's root (React context does not cross islands, and one island has one look). */
export const FieldLookContext = createContext<FieldLook>("shop");

interface FrameProps {
  label: string;
  error?: string;
  hint?: string;
  /** The control's id; by default a generated one. */
  id?: string;
  /** Names the control `${idPrefix}-${field name}`, for ids stable across renders of a form. */
  idPrefix?: string;
  className?: string;
  hidden?: boolean;
}

interface ShellProps extends FrameProps {
  id: string;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, className, hidden, children }: ShellProps) {
  const look = LOOKS[useContext(FieldLookContext)];
  const ErrorTag = look.errorTag;
  return (
    <div className={`${look.box}${error ? " has-error" : ""}${className ? ` ${className}` : ""}`} hidden={hidden}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (look.hintWithError || !error) ? (
        <p className={look.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <ErrorTag className={look.error} id={`${id}-error`}>
          {error}
        </ErrorTag>
      ) : null}
    </div>
  );
}

/** The control's id and its aria attributes for what the shell shows. */
function useControl({ id, idPrefix, error, hint }: FrameProps, name: string | undefined) {
  const generated = useId();
  const look = LOOKS[useContext(FieldLookContext)];
  const controlId = id ?? (idPrefix && name ? `${idPrefix}-${name}` : generated);
  const shown = [hint && (look.hintWithError || !error) ? `${controlId}-hint` : null, error ? `${controlId}-error` : null].filter(Boolean);
  return {
    id: controlId,
    aria: { "aria-invalid": error ? true : undefined, "aria-describedby": shown.join(" ") || undefined } as const,
  };
}

function frameOf<P extends FrameProps>(props: P): [FrameProps, Omit<P, keyof FrameProps>] {
  const { label, error, hint, id, idPrefix, className, hidden, ...rest } = props;
  return [{ label, error, hint, id, idPrefix, className, hidden }, rest];
}

type InputFieldProps = FrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "hidden" | "className"> & { registration?: UseFormRegisterReturn };

export function InputField(props: InputFieldProps) {
  const [frame, { registration, ...input }] = frameOf(props);
  const { id, aria } = useControl(frame, registration?.name);
  return (
    <FieldShell {...frame} id={id}>
      <input id={id} {...aria} {...input} {...registration} />
    </FieldShell>
  );
}

type TextareaFieldProps = FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "hidden" | "className"> & { registration?: UseFormRegisterReturn };

export function TextareaField(props: TextareaFieldProps) {
  const [frame, { registration, ...textarea }] = frameOf(props);
  const { id, aria } = useControl(frame, registration?.name);
  return (
    <FieldShell {...frame} id={id}>
      <textarea id={id} {...aria} {...textarea} {...registration} />
    </FieldShell>
  );
}

type SelectFieldProps = FrameProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "hidden" | "className"> & { registration?: UseFormRegisterReturn; children: ReactNode };

export function SelectField(props: SelectFieldProps) {
  const [frame, { registration, children, ...select }] = frameOf(props);
  const { id, aria } = useControl(frame, registration?.name);
  return (
    <FieldShell {...frame} id={id}>
      <select id={id} {...aria} {...select} {...registration}>
        {children}
      </select>
    </FieldShell>
  );
}

type PasswordFieldProps = InputFieldProps & { showLabel: string; hideLabel: string };

/** A password with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [frame, { registration, showLabel, hideLabel, ...input }] = frameOf(props);
  const { id, aria } = useControl(frame, registration?.name);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell {...frame} id={id}>
      <div className="password-box">
        <input id={id} type={visible ? "text" : "password"} {...aria} {...input} {...registration} />
        <button type="button" className="password-toggle" aria-pressed={visible} onClick={() => setVisible(!visible)}>
          {visible ? hideLabel : showLabel}
        </button>
      </div>
    </FieldShell>
  );
}

interface PhoneFieldProps extends FrameProps {
  codeLabel: string;
  value: string;
  defaultCode: string;
  locale: Locale;
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

/** A phone as a calling-code choice (the shop's country first) and the number, digits only; the value joins both. */
export function PhoneField(props: PhoneFieldProps) {
  const [frame, { codeLabel, value, defaultCode, locale, onChange, onBlur }] = frameOf(props);
  const { id, aria } = useControl(frame, undefined);
  const { code, national } = splitPhone(value, defaultCode);
  return (
    <FieldShell {...frame} id={id}>
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
          {...aria}
          onChange={(change) => onChange(joinPhone(code, change.target.value))}
          onBlur={onBlur}
        />
      </div>
    </FieldShell>
  );
}

type CheckboxFieldProps = Pick<FrameProps, "label" | "id"> & { registration: UseFormRegisterReturn };

/** A checkbox with its label after it. */
export function CheckboxField({ label, id, registration }: CheckboxFieldProps) {
  const look = LOOKS[useContext(FieldLookContext)];
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className={`${look.box} check`}>
      <input id={controlId} type="checkbox" {...registration} />
      <label htmlFor={controlId}>{label}</label>
    </div>
  );
}

/**
 * One labelled form control with its hint and error, wired for assistive technology: the label names the
 * control, aria-describedby points at the hint and the error, aria-invalid says when the value is refused.
 */
import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

interface Common {
  formId: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  hidden?: boolean;
}

type InputProps = Common & { multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">;
type TextareaProps = Common & { multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">;

export function Field(props: InputProps | TextareaProps) {
  const { formId, label, registration, error, hint, hidden, multiline, ...control } = props;
  const id = `${formId}-${registration.name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    ...registration,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    "aria-required": true,
  } as const;
  return (
    <div className={`lead-field${error ? " has-error" : ""}`} hidden={hidden}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} />
      ) : (
        <input {...(control as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
      )}
      {hint ? (
        <p className="lead-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="lead-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

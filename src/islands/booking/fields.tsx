/** Labelled form controls of the wizard, each with its error tied to it for screen readers. */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

interface ShellProps {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}

export function FieldShell({ id, label, error, className, children }: ShellProps) {
  return (
    <div className={`bk-field${error ? " has-error" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <span className="bk-field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

const errorProps = (id: string, error?: string) => (error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {});

interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  className?: string;
}

export function InputField({ label, error, registration, className, ...input }: InputProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <input id={id} {...errorProps(id, error)} {...input} {...registration} />
    </FieldShell>
  );
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  error?: string;
  registration?: UseFormRegisterReturn;
  className?: string;
  children: ReactNode;
}

export function SelectField({ label, error, registration, className, children, ...select }: SelectProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <select id={id} {...errorProps(id, error)} {...select} {...registration}>
        {children}
      </select>
    </FieldShell>
  );
}

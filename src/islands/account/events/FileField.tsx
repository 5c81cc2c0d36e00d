/** A labelled file input with its hint and error tied to it for assistive technology, as the ui kit's fields. */
import type { ReactNode } from "react";

interface Props {
  id: string;
  label: string;
  hint: string;
  accept: string;
  error?: string;
  onFile: (file: File | null) => void;
  children?: ReactNode;
}

export function FileField({ id, label, hint, accept, error, onFile, children }: Props) {
  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`field file-field${error ? " has-error" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="file" accept={accept} aria-describedby={described} aria-invalid={error ? true : undefined} onChange={(event) => onFile(event.target.files?.[0] ?? null)} />
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

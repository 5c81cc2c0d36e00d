/**
 * The back office's form controls, rendered from a field declaration (declarations.ts) with the island kit's
 * labelled fields: every control has its label, hint and error tied to it. Nested names ("dates.0.startDate",
 * "translations.en_US.name") are react-hook-form paths.
 */
import { useEffect, useId, useState } from "react";
import { Controller, useFieldArray, useFormContext, type FieldErrors, type FieldValues } from "react-hook-form";
import { api, uploadFile } from "../../../client/api";
import { COUNTRIES, LOCALES, localeTag, type Locale } from "../../../shared/locales";
import { CheckboxField, InputField, SelectField, TextareaField } from "../../ui/fields";
import { fill, messageOf } from "../../ui/texts";
import { failureMessage } from "../../ui/use-schema-form";
import type { FieldDecl, Row } from "./declarations";
import type { AdminTexts } from "./texts";

interface Props {
  field: FieldDecl;
  /** The path prefix of a nested field ("dates.0."). */
  at?: string;
  texts: AdminTexts;
  locale: Locale;
}

function errorAt(errors: FieldErrors<FieldValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : undefined;
}

const emptyToNull = (value: unknown) => (value === "" || value === null || value === undefined ? null : value);
const toNumberOrNull = (value: unknown) => (value === "" || value === null || value === undefined ? null : Number(value));

/** ISO instant <-> the value of a datetime-local input, in the browser's time zone. */
function localInputValue(iso: unknown): string {
  if (typeof iso !== "string" || !iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
function isoFromInput(value: string): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([localeTag(locale)], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function AdminField({ field, at = "", texts, locale }: Props) {
  const { register, formState } = useFormContext();
  const name = `${at}${field.name}`;
  const error = messageOf(texts, errorAt(formState.errors, name));
  const label = texts[field.label];
  const hint = field.hint ? texts[field.hint] : undefined;
  const common = { label, hint, error, idPrefix: "admin", className: field.wide ? "admin-wide" : undefined };

  switch (field.kind) {
    case "text":
      return <InputField {...common} type="text" maxLength={field.maxLength} registration={register(name)} />;
    case "textarea":
      return <TextareaField {...common} rows={4} maxLength={field.maxLength} registration={register(name)} />;
    case "number":
      return <InputField {...common} type="number" inputMode="decimal" step={field.step ?? 1} min={field.min} registration={register(name, { valueAsNumber: true })} />;
    case "optional-number":
      return (
        <InputField
          {...common}
          type="number"
          inputMode={field.step ? "decimal" : "numeric"}
          step={field.step}
          min={field.min ?? 1}
          registration={register(name, { setValueAs: toNumberOrNull })}
        />
      );
    case "optional-text":
      return <InputField {...common} type={field.type ?? "text"} maxLength={field.maxLength} registration={register(name, { setValueAs: emptyToNull })} />;
    case "checkbox":
      return <CheckboxField label={label} id={`admin-${name}`} registration={register(name)} />;
    case "select":
      return (
        <SelectField {...common} registration={register(name, field.numeric ? { setValueAs: toNumberOrNull } : {})}>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {field.optionLabel ? texts[field.optionLabel(option)] : String(option)}
            </option>
          ))}
        </SelectField>
      );
    case "country":
      return (
        <SelectField {...common} registration={register(name)}>
          {COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {`${code} · ${countryName(code, locale)}`}
            </option>
          ))}
        </SelectField>
      );
    case "datetime":
      return (
        <ConvertedInput
          name={name}
          frame={common}
          type="datetime-local"
          shown={localInputValue}
          read={(typed) => (typed ? isoFromInput(typed) : field.optional ? null : "")}
        />
      );
    case "tags":
      return (
        <ConvertedInput
          name={name}
          frame={common}
          type="text"
          keepTyped
          shown={(value) => (Array.isArray(value) ? value.join(", ") : "")}
          read={(typed) => typed.split(",").map((tag) => tag.trim()).filter(Boolean)}
        />
      );
    case "checklist":
      return (
        <fieldset className={common.className}>
          <legend>{label}</legend>
          {field.options.map((option) => (
            <CheckboxField key={option} label={texts[field.optionLabel(option)]} id={`admin-${name}-${option}`} registration={{ ...register(name), value: option } as ReturnType<typeof register>} />
          ))}
          {hint ? <p className="field-hint">{hint}</p> : null}
        </fieldset>
      );
    case "ref":
      return <RefField field={field} name={name} texts={texts} error={error} hint={hint} />;
    case "image":
      return <ImageField field={field} name={name} at={at} texts={texts} error={error} />;
    case "translations":
      return <TranslationsField field={field} name={name} texts={texts} locale={locale} />;
    case "rows":
      return <RowsField field={field} name={name} texts={texts} locale={locale} />;
  }
}

interface ConvertedInputProps {
  name: string;
  frame: { label: string; hint?: string; error?: string; idPrefix: string; className?: string };
  type: "text" | "datetime-local";
  /** The form's value as the input's text. */
  shown(value: unknown): string;
  /** What is typed as the form's value. */
  read(typed: string): unknown;
  /** Leave the text as typed rather than show the value again at every change (which would, say, eat the space after a comma). */
  keepTyped?: boolean;
}

/** An input whose text stands for a form value of another kind (an instant, a list of tags). */
function ConvertedInput({ name, frame, type, shown, read, keepTyped = false }: ConvertedInputProps) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <InputField
          {...frame}
          type={type}
          {...(keepTyped ? { defaultValue: shown(field.value) } : { value: shown(field.value) })}
          onChange={(event) => field.onChange(read(event.target.value))}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** A row of another resource: a filter box narrowing the choices (the first 100 matches) and the choice itself. */
function RefField({ field, name, texts, error, hint }: { field: Extract<FieldDecl, { kind: "ref" }>; name: string; texts: AdminTexts; error?: string; hint?: string }) {
  const { control } = useFormContext();
  const [q, setQ] = useState("");
  const [options, setOptions] = useState<Row[]>([]);
  const filterId = useId();

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      // The resource is a declaration's string: every admin list answers the same page shape.
      api(`GET /shop-api/admin/${field.resource}` as "GET /shop-api/admin/provinces", { query: { q: q || undefined, pageSize: 100, sort: "id", dir: "desc" } })
        .then((page) => live && setOptions(page.items as unknown as Row[]))
        .catch(() => live && setOptions([]));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [field.resource, q]);

  const label = texts[field.label];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: control }) => {
        const value = control.value === null || control.value === undefined ? "" : String(control.value);
        const known = value === "" || options.some((option) => String(option.id) === value);
        return (
          <div className={`admin-ref${field.wide ? " admin-wide" : ""}`}>
            <SelectField label={label} hint={hint} error={error} idPrefix="admin" id={`admin-${name}`} value={value} onChange={(event) => control.onChange(event.target.value === "" ? null : Number(event.target.value))} onBlur={control.onBlur}>
              <option value="">{field.optional ? texts["admin.form.none"] : texts["admin.form.choose"]}</option>
              {known ? null : <option value={value}>{`#${value}`}</option>}
              {options.map((option) => (
                <option key={option.id} value={option.id}>
                  {`${field.optionLabel(option)} · #${option.id}`}
                </option>
              ))}
            </SelectField>
            {/* Below the choice, so the choice lines up with the fields beside it. */}
            <div className="field admin-ref-filter">
              <label htmlFor={filterId}>{fill(texts["admin.form.filter_options"], { label })}</label>
              <input id={filterId} type="search" value={q} maxLength={120} onChange={(event) => setQ(event.target.value)} />
            </div>
          </div>
        );
      }}
    />
  );
}

/** A picture sent through the upload route (checked and re-encoded there); the form keeps the stored path. */
function ImageField({ field, name, at, texts, error }: { field: Extract<FieldDecl, { kind: "image" }>; name: string; at: string; texts: AdminTexts; error?: string }) {
  const { control, setValue } = useFormContext();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inputId = useId();
  const label = texts[field.label];

  return (
    <Controller
      control={control}
      name={name}
      render={({ field: control }) => (
        <div className={`admin-image${field.wide ? " admin-wide" : ""}${error || failure ? " has-error" : ""}`}>
          <p className="admin-image-label" id={`${inputId}-label`}>
            {label}
          </p>
          {typeof control.value === "string" && control.value ? <img src={control.value} alt="" width={240} height={120} /> : null}
          <p className="field-hint" id={`${inputId}-hint`}>
            {typeof control.value === "string" && control.value ? control.value : texts["admin.form.upload_hint"]}
          </p>
          <label className="btn btn-secondary btn-small admin-upload" htmlFor={inputId}>
            {busy ? texts["admin.form.uploading"] : texts["admin.form.upload"]}
          </label>
          <input
            id={inputId}
            className="sr-only"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-describedby={`${inputId}-label ${inputId}-hint`}
            disabled={busy}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (!file) return;
              setBusy(true);
              setFailure(null);
              try {
                const stored = await uploadFile("POST /shop-api/admin/images", {}, file);
                control.onChange(stored.imagePath);
                if (field.cardName) setValue(`${at}${field.cardName}`, stored.cardImagePath, { shouldDirty: true });
              } catch (caught) {
                setFailure(failureMessage(caught, texts["admin.form.error"]));
              } finally {
                setBusy(false);
              }
            }}
          />
          {field.optional && control.value ? (
            <button type="button" className="btn btn-ghost btn-small" onClick={() => control.onChange(at.startsWith("translations.") ? undefined : null)}>
              {texts["admin.form.remove_row"]}
            </button>
          ) : null}
          {error || failure ? (
            <p className="field-error" role="alert">
              {failure ?? error}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}

/** The six locales' texts: the site's own language open, the others folded until needed. */
function TranslationsField({ field, name, texts, locale }: { field: Extract<FieldDecl, { kind: "translations" }>; name: string; texts: AdminTexts; locale: Locale }) {
  // The "one language at least" refusal lands on the es_CO text field, which shows it.
  return (
    <fieldset className="admin-translations admin-wide">
      <legend>{texts[field.label]}</legend>
      {field.hint ? <p className="field-hint">{texts[field.hint]}</p> : null}
      {LOCALES.map((code) => (
        <details key={code} className="admin-locale" open={code === "es_CO" || code === locale}>
          <summary>{texts[`admin.locale.${code}`]}</summary>
          <div className="admin-grid">
            {field.fields.map((sub) => (
              <AdminField key={sub.name} field={{ ...sub, wide: sub.kind !== "text" }} at={`${name}.${code}.`} texts={texts} locale={locale} />
            ))}
          </div>
        </details>
      ))}
    </fieldset>
  );
}

/** A list of rows (dates, stops, pick-up points, discount prices) with add and remove. */
function RowsField({ field, name, texts, locale }: { field: Extract<FieldDecl, { kind: "rows" }>; name: string; texts: AdminTexts; locale: Locale }) {
  const { control, formState } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const error = messageOf(texts, errorAt(formState.errors, name));
  const label = texts[field.label];
  return (
    <fieldset className="admin-rows admin-wide">
      <legend>{label}</legend>
      {fields.map((row, index) => (
        <div key={row.id} className="admin-row" role="group" aria-label={fill(texts["admin.form.row"], { label: texts[field.itemLabel], number: index + 1 })}>
          <div className="admin-grid">
            {field.fields.map((sub) => (
              <AdminField key={sub.name} field={sub} at={`${name}.${index}.`} texts={texts} locale={locale} />
            ))}
          </div>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => remove(index)}>
            {`${texts["admin.form.remove_row"]} ${texts[field.itemLabel].toLowerCase()} ${index + 1}`}
          </button>
        </div>
      ))}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn btn-secondary btn-small" onClick={() => append(field.empty())}>
        {`${texts["admin.form.add_row"]}: ${texts[field.itemLabel].toLowerCase()}`}
      </button>
    </fieldset>
  );
}

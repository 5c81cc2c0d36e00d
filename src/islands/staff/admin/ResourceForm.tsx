/**
 * One back-office row's form: loads the row (GET by id answers what PUT takes), validates with the resource's
 * shared schema, saves with POST or PUT and puts the server's refusals on the fields. Cancelling an event with
 * sold tickets shows the orders concerned and asks again; deleting asks once more.
 */
import { useEffect, useState } from "react";
import { FormProvider } from "react-hook-form";
import { api, ApiFailure } from "../../../client/api";
import type { Locale } from "../../../shared/locales";
import { FieldLookContext } from "../../ui/fields";
import { showServerFields, useSchemaForm } from "../../ui/use-schema-form";
import { AdminField } from "./admin-fields";
import type { ResourceDecl } from "./declarations";
import { StockPanel } from "./StockPanel";
import type { AdminKey, AdminTexts } from "./texts";

type Values = Record<string, unknown>;
type Saved = { id: number; item: Values };

interface Props {
  decl: ResourceDecl;
  id: number | null;
  texts: AdminTexts;
  locale: Locale;
  notice: string | null;
  onSaved(id: number, created: boolean): void;
  onDeleted(): void;
  onBack(): void;
}

/** Each locale's inputs exist even when the row has no text in it yet. */
function withEmptyLocales(empty: Values, loaded: Values): Values {
  const merged = { ...empty, ...loaded };
  if (empty.translations && typeof empty.translations === "object") {
    const blank = empty.translations as Record<string, Values>;
    const given = (loaded.translations ?? {}) as Record<string, Values>;
    merged.translations = Object.fromEntries(Object.keys(blank).map((locale) => [locale, { ...blank[locale], ...given[locale] }]));
  }
  return merged;
}

const routeOf = (decl: ResourceDecl, method: "GET" | "POST" | "PUT" | "DELETE", withId: boolean) =>
  // Every resource has the same five calls; the declaration names which.
  `${method} /shop-api/admin/${decl.name}${withId ? "/:id" : ""}` as "PUT /shop-api/admin/provinces/:id";

export function ResourceForm({ decl, id, texts, locale, notice, onSaved, onDeleted, onBack }: Props) {
  const form = useSchemaForm(decl.schema, decl.empty() as never);
  const [loaded, setLoaded] = useState(id === null);
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(notice ? { kind: "ok", text: notice } : null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    if (id === null) return;
    let live = true;
    api(routeOf(decl, "GET", true) as "GET /shop-api/admin/provinces/:id", { params: { id } })
      .then((row) => {
        if (!live) return;
        form.reset(withEmptyLocales(decl.empty(), row as unknown as Values) as never);
        setLoaded(true);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [decl, id]);

  async function save(values: Values, confirmed = false) {
    setMessage(null);
    setConfirmCancel(false);
    const body = (confirmed ? { ...values, confirmCancel: true } : values) as never;
    try {
      const saved = (id === null
        ? await api(routeOf(decl, "POST", false) as "POST /shop-api/admin/provinces", { body })
        : await api(routeOf(decl, "PUT", true), { params: { id }, body })) as unknown as Saved;
      form.reset(withEmptyLocales(decl.empty(), saved.item) as never);
      if (id === null) onSaved(saved.id, true);
      else setMessage({ kind: "ok", text: texts["admin.form.saved"] });
    } catch (error) {
      if (error instanceof ApiFailure && error.code === "event_cancel_needs_confirmation") setConfirmCancel(true);
      // The figures (what a date has sold and held) are in the message: the field shows it whole.
      if (error instanceof ApiFailure && error.code === "stock_below_sold") form.setError("stock" as never, { type: "server", message: error.message }, { shouldFocus: true });
      else showServerFields(form, error);
      setMessage({ kind: "error", text: error instanceof ApiFailure && error.status !== 0 ? error.message : texts["admin.form.error"] });
    }
  }

  async function remove() {
    if (id === null) return;
    try {
      await api(routeOf(decl, "DELETE", true) as "DELETE /shop-api/admin/provinces/:id", { params: { id } });
      onDeleted();
    } catch (error) {
      setConfirmDelete(false);
      setMessage({ kind: "error", text: error instanceof ApiFailure && error.status !== 0 ? error.message : texts["admin.form.error"] });
    }
  }

  const title = texts[`admin.${decl.name}.${id === null ? "new" : "edit"}` as AdminKey];
  if (failed) return <p className="empty-text">{texts["admin.load_error"]}</p>;
  if (!loaded) return <div className="spinner" role="status" aria-label={texts["admin.loading"]} />;

  return (
    <div className="admin-form-screen">
      <p>
        <a
          href="."
          className="admin-back"
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
        >
          ← {texts["admin.form.back"]}
        </a>
      </p>
      <h2 className="staff-heading">
        {title}
        {id === null ? null : <span className="staff-muted"> #{id}</span>}
      </h2>
      <FieldLookContext.Provider value="shop">
        <FormProvider {...form}>
          <form className="admin-form" noValidate onSubmit={form.handleSubmit((values) => save(values as Values))}>
            <div className="admin-grid">
              {decl.fields.map((field) => (
                <AdminField key={field.name} field={field} texts={texts} locale={locale} />
              ))}
            </div>
            {decl.name === "variants" && id !== null ? <StockPanel id={id} texts={texts} locale={locale} /> : null}
            <div className="admin-messages" aria-live="polite">
              {message ? (
                <p className={message.kind === "ok" ? "admin-notice" : "admin-alert"} role={message.kind === "error" ? "alert" : "status"}>
                  {message.text}
                </p>
              ) : null}
            </div>
            <div className="admin-actions">
              <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? texts["admin.form.saving"] : texts["admin.form.save"]}
              </button>
              {confirmCancel ? (
                <button type="button" className="btn btn-danger" onClick={form.handleSubmit((values) => save(values as Values, true))}>
                  {texts["admin.form.cancel_anyway"]}
                </button>
              ) : null}
              {id !== null && !confirmDelete ? (
                <button type="button" className="btn btn-ghost-danger" onClick={() => setConfirmDelete(true)}>
                  {texts["admin.form.delete"]}
                </button>
              ) : null}
            </div>
            {confirmDelete ? (
              <div className="admin-confirm" role="alertdialog" aria-labelledby="admin-delete-question">
                <p id="admin-delete-question">{texts["admin.form.delete_question"]}</p>
                <button type="button" className="btn btn-danger" onClick={remove}>
                  {texts["admin.form.delete_confirm"]}
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => setConfirmDelete(false)}>
                  {texts["admin.form.back"]}
                </button>
              </div>
            ) : null}
          </form>
        </FormProvider>
      </FieldLookContext.Provider>
    </div>
  );
}

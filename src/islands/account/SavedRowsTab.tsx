/**
 * What the frequent friends and frequent addresses tabs share: the caller's saved rows listed (placeholder when
 * empty), each with edit and delete, and one form below that adds a row or edits the one picked; deleting asks
 * first, and every outcome is told as a toast. A tab brings its row's look, its form's fields and what saving
 * sends.
 */
import { useState, type Dispatch, type ReactNode, type SetStateAction } from "react";
import type { DefaultValues, FieldValues, Path, UseFormReturn } from "react-hook-form";
import { showToast } from "../../stores/toasts";
import { fill } from "../ui/texts";
import { failureMessage, showServerFields } from "../ui/use-schema-form";
import { ConfirmDialog } from "./ConfirmDialog";
import { ListState } from "./ListState";
import type { AccountTexts } from "./texts";

interface SavedRow {
  id: number;
}

/** The tab's own words are `account.{area}.…` in the catalogue, the same names in both areas. */
type Area = "friends" | "addresses";
type Word = "title" | "intro" | "empty" | "add" | "edit_title" | "confirm_delete" | "added" | "updated" | "deleted";

interface Props<R extends SavedRow, V extends FieldValues, O> {
  texts: AccountTexts;
  area: Area;
  /** The list from useList. */
  list: { items: R[]; setItems: Dispatch<SetStateAction<R[]>>; state: "loading" | "ready" | "error"; removeRow(id: number): Promise<void> };
  form: UseFormReturn<V, unknown, O>;
  /** The form's values when it adds a row. */
  empty: DefaultValues<V>;
  /** The form's values when it edits `row`; `firstField` takes the focus. */
  valuesOf(row: R): DefaultValues<V>;
  firstField: Path<V>;
  /** Sends the form's values: a new row when `editing` is null, else a change to it; answers the row as saved. */
  save(values: O, editing: R | null): Promise<R>;
  /** The list once `saved` is in it (the saved row replaces the edited one, or comes last); by default as it is. */
  settle?(rows: R[], saved: R): R[];
  /** What the row is called in its buttons' names and the delete question. */
  nameOf(row: R): string;
  /** The `data-…` attribute naming each row by its id (`data-friend`, `data-address`). */
  rowData: string;
  rowClass?(row: R): string;
  /** The row's text. */
  children(row: R): ReactNode;
  /** Buttons before edit and delete. */
  actions?(row: R): ReactNode;
  /** The form's fields, registered on `form`. */
  fields: ReactNode;
  /** The id of the form's heading, which names the form. */
  formTitleId: string;
}

export function SavedRowsTab<R extends SavedRow, V extends FieldValues, O>(props: Props<R, V, O>) {
  const { texts, area, list, form, empty, valuesOf, firstField, save, settle = (rows) => rows, nameOf, rowData, rowClass, children, actions, fields, formTitleId } = props;
  const { items, setItems, state, removeRow } = list;
  const word = (name: Word) => texts[`account.${area}.${name}`];
  const [editing, setEditing] = useState<R | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);

  function edit(row: R) {
    setEditing(row);
    form.reset(valuesOf(row));
    form.setFocus(firstField);
  }

  function stopEditing() {
    setEditing(null);
    form.reset(empty);
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save(values, editing);
      setItems(settle(editing ? items.map((row) => (row.id === saved.id ? saved : row)) : [...items, saved], saved));
      showToast("success", editing ? word("updated") : word("added"));
      stopEditing();
    } catch (error) {
      if (showServerFields(form, error)) return;
      showToast("error", failureMessage(error, texts["auth.network_error"]));
    }
  });

  async function remove(row: R) {
    setDeleting(null);
    try {
      await removeRow(row.id);
      if (editing?.id === row.id) stopEditing();
      showToast("success", word("deleted"));
    } catch (error) {
      showToast("error", failureMessage(error, texts["auth.network_error"]));
    }
  }

  return (
    <div className="account-section">
      <h1 className="account-title">{word("title")}</h1>
      <p className="account-intro">{word("intro")}</p>
      <ListState state={state} empty={items.length === 0} emptyText={word("empty")} texts={texts} />
      {items.length > 0 ? (
        <ul className="account-list" aria-label={word("title")}>
          {items.map((row) => (
            <li key={row.id} className={rowClass ? rowClass(row) : "account-item"} {...{ [`data-${rowData}`]: row.id }}>
              <div className="item-main">{children(row)}</div>
              <div className="item-actions">
                {actions ? actions(row) : null}
                <button type="button" className="btn btn-small btn-ghost" onClick={() => edit(row)} aria-label={`${texts["account.edit"]}: ${nameOf(row)}`}>
                  {texts["account.edit"]}
                </button>
                <button type="button" className="btn btn-small btn-ghost btn-ghost-danger" onClick={() => setDeleting(row)} aria-label={`${texts["account.delete"]}: ${nameOf(row)}`}>
                  {texts["account.delete"]}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      <form className="account-form account-card" noValidate onSubmit={submit} aria-labelledby={formTitleId}>
        <h2 id={formTitleId} className="account-subtitle">
          {editing ? word("edit_title") : word("add")}
        </h2>
        {fields}
        <div className="account-actions">
          {editing ? (
            <button type="button" className="btn btn-ghost" onClick={stopEditing}>
              {texts["account.cancel"]}
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
            {editing ? texts["account.save"] : word("add")}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={deleting !== null}
        question={fill(word("confirm_delete"), { name: deleting ? nameOf(deleting) : "" })}
        confirmLabel={texts["account.confirm"]}
        cancelLabel={texts["account.cancel"]}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

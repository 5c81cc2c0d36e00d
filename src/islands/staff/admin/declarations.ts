/** The shape of a back-office screen's declaration (resources.tsx): its list columns and its form fields. */
import type { ReactNode } from "react";
import type * as z from "zod/mini";
import type { Locale } from "../../../shared/locales";
import type { AdminKey, AdminTexts } from "./texts";

export type Row = Record<string, unknown> & { id: number };

export interface CellContext {
  texts: AdminTexts;
  locale: Locale;
}

export interface ColumnDecl {
  key: string;
  label: AdminKey;
  /** The API's sort key, when the list can be sorted by this column. */
  sort?: string;
  cell?: (row: Row, context: CellContext) => ReactNode;
}

interface Base {
  name: string;
  label: AdminKey;
  hint?: AdminKey;
  /** Wide fields take the whole row of the form's grid. */
  wide?: boolean;
}

export type FieldDecl = Base &
  (
    | { kind: "text"; maxLength?: number }
    | { kind: "textarea"; maxLength?: number }
    | { kind: "number"; step?: number; min?: number }
    /** Empty means null (no limit, no link). */
    | { kind: "optional-number"; step?: number; min?: number }
    | { kind: "optional-text"; maxLength?: number; type?: "url" }
    | { kind: "checkbox" }
    | { kind: "select"; options: readonly (string | number)[]; optionLabel?: (value: string | number) => AdminKey; numeric?: boolean }
    | { kind: "country" }
    | { kind: "ref"; resource: string; optional?: boolean; optionLabel: (item: Row) => string }
    | { kind: "datetime"; optional?: boolean }
    | { kind: "image"; optional?: boolean; cardName?: string }
    | { kind: "tags" }
    /** A list of words, each a checkbox (several ticked: several words). */
    | { kind: "checklist"; options: readonly string[]; optionLabel: (value: string) => AdminKey }
    | { kind: "translations"; textKey: "name" | "alt"; fields: FieldDecl[] }
    | { kind: "rows"; itemLabel: AdminKey; fields: FieldDecl[]; empty: () => Record<string, unknown> }
  );

export interface ResourceDecl {
  name: string;
  columns: ColumnDecl[];
  defaultSort: string;
  /** How a row is named in its edit link. */
  rowLabel: (row: Row) => string;
  schema: z.ZodMiniType;
  fields: FieldDecl[];
  empty: () => Record<string, unknown>;
}

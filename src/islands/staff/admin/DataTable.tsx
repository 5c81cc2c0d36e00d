/** A back-office list as a staff table: the server searches, sorts and pages; the headers say how it sorts, in the back office's words. */
import { StaffTable, type TableColumn } from "../StaffTable";
import { fill } from "../../ui/texts";
import type { AdminTexts } from "./texts";

export type { TableColumn };

interface Props<R> {
  rows: R[];
  columns: TableColumn<R>[];
  sort: { key: string; dir: "asc" | "desc" } | null;
  onSort(key: string): void;
  texts: AdminTexts;
  rowKey(row: R): string;
  testId: string;
}

export function DataTable<R>({ sort, onSort, texts, ...table }: Props<R>) {
  return <StaffTable {...table} className="admin-table" sorting={{ sort, onSort, label: (column) => fill(texts["admin.list.sort_by"], { column }) }} />;
}

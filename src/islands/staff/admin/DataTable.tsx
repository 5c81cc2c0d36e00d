/**
 * A back-office list as a table (TanStack Table, headless): the server searches, sorts and pages, the table
 * renders the columns a declaration gives and says which one sorts the rows and which way (aria-sort).
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { fill } from "../../ui/texts";
import type { AdminTexts } from "./texts";

export interface TableColumn<R> {
  key: string;
  header: string;
  sort?: string;
  cell: (row: R) => ReactNode;
}

interface Props<R> {
  rows: R[];
  columns: TableColumn<R>[];
  sort: { key: string; dir: "asc" | "desc" } | null;
  onSort(key: string): void;
  texts: AdminTexts;
  rowKey(row: R): string;
  testId: string;
}

export function DataTable<R>({ rows, columns, sort, onSort, texts, rowKey, testId }: Props<R>) {
  const sorting: SortingState = sort ? [{ id: sort.key, desc: sort.dir === "desc" }] : [];
  const defs: ColumnDef<R>[] = columns.map((column) => ({
    id: column.sort ?? column.key,
    // TanStack lets a column sort only when it has an accessor; the server does the sorting itself.
    accessorFn: (row) => (row as Record<string, unknown>)[column.key],
    header: column.header,
    enableSorting: Boolean(column.sort),
    cell: (info) => column.cell(info.row.original),
    meta: column,
  }));
  const table = useReactTable({
    data: rows,
    columns: defs,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
  });

  return (
    <table className="purchases staff-table admin-table" data-testid={testId}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              const label = String(header.column.columnDef.header);
              return (
                <th key={header.id} scope="col" aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}>
                  {header.column.getCanSort() ? (
                    <button type="button" className="admin-sort" aria-label={fill(texts["admin.list.sort_by"], { column: label })} onClick={() => onSort(header.column.id)}>
                      {label}
                      <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : " ↕"}</span>
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id}>
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id} data-label={String(cell.column.columnDef.header)}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

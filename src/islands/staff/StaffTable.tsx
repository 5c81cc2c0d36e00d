/**
 * The staff area's tables (TanStack Table, headless): a header row naming the columns and a row per item, shown as
 * cards on narrow screens (account.css's `.purchases`: each cell is labelled there by its column's header). Figures
 * are right-aligned (`num`); a column of buttons has a header only assistive technology reads. A list the server
 * sorts says which column sorts it and which way (aria-sort) and asks for another when its header is pressed; the
 * sorting itself stays on the server.
 *
 * Cells are rendered by calling the column's `cell`, not through flexRender: flexRender mounts a function as a
 * component, and the columns are declared anew at every render, so each render would remount every cell and
 * take the focus from a control in one (a stock being typed, a role being chosen).
 */
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from "@tanstack/react-table";
import type { ReactNode } from "react";

export interface TableColumn<R> {
  key: string;
  header: string;
  cell: (row: R) => ReactNode;
  /** A figure: right-aligned, header and cells. */
  numeric?: boolean;
  /** A column of buttons: its header is read by assistive technology only, and its cells carry no label. */
  unlabelled?: boolean;
  /** A class for each of the column's cells. */
  cellClass?: string;
  /** The server's sort key, when the list can be sorted by this column. */
  sort?: string;
}

interface Sorting {
  sort: { key: string; dir: "asc" | "desc" } | null;
  onSort(key: string): void;
  /** The name of a header's sort button, from the column's header. */
  label(header: string): string;
}

interface Props<R> {
  rows: R[];
  columns: TableColumn<R>[];
  rowKey(row: R): string;
  /** `data-…` attributes naming a row for scripts and tests (`data-order`, `data-pool`). */
  rowData?(row: R): Record<`data-${string}`, string | number>;
  testId?: string;
  /** Classes beside `purchases staff-table`. */
  className?: string;
  sorting?: Sorting;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ") || undefined;

export function StaffTable<R>({ rows, columns, rowKey, rowData, testId, className, sorting }: Props<R>) {
  const sort = sorting?.sort;
  const state: SortingState = sort ? [{ id: sort.key, desc: sort.dir === "desc" }] : [];
  const defs: ColumnDef<R>[] = columns.map((column) => ({
    id: column.sort ?? column.key,
    // TanStack lets a column sort only when it has an accessor; the server does the sorting itself.
    accessorFn: (row) => (row as Record<string, unknown>)[column.key],
    header: column.header,
    enableSorting: Boolean(sorting && column.sort),
    meta: column,
  }));
  const table = useReactTable({
    data: rows,
    columns: defs,
    state: { sorting: state },
    manualSorting: true,
    manualPagination: true,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
  });
  const columnOf = (meta: unknown) => meta as TableColumn<R>;

  return (
    <table className={classes("purchases staff-table", className)} data-testid={testId}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const column = columnOf(header.column.columnDef.meta);
              const sorted = header.column.getIsSorted();
              const label = column.header;
              return (
                <th
                  key={header.id}
                  scope="col"
                  className={classes(column.numeric && "num")}
                  aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                >
                  {sorting && header.column.getCanSort() ? (
                    <button type="button" className="admin-sort" aria-label={sorting.label(label)} onClick={() => sorting.onSort(header.column.id)}>
                      {label}
                      <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : " ↕"}</span>
                    </button>
                  ) : column.unlabelled ? (
                    <span className="sr-only">{label}</span>
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
          <tr key={row.id} {...rowData?.(row.original)}>
            {row.getVisibleCells().map((cell) => {
              const column = columnOf(cell.column.columnDef.meta);
              return (
                <td key={cell.id} data-label={column.unlabelled ? undefined : column.header} className={classes(column.numeric && "num", column.cellClass)}>
                  {column.cell(row.original)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

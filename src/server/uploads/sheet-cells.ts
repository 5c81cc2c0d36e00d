/**
 * The cells of a guest list's first sheet, as text, read within fixed bounds. This file is the guest-list reader's
 * worker thread (src/server/uploads/spreadsheet.ts starts it) and imports nothing of the shop's, so Node loads it
 * as it is, however the shop was started.
 *
 * Only the cells the file holds are looked at: the sheet's declared range (its `dimension`, which a 29 kB file may
 * set to all 16,384 columns and a million rows) is ignored, and so is every cell past `maxColumns` columns and
 * `maxRows` rows. Reading the whole declared range of such a file, as a table with every cell filled, took the shop
 * a minute of CPU and 2 GB.
 */
import { parentPort, workerData } from "node:worker_threads";
import { read as readWorkbook, type CellObject } from "@e965/xlsx";

export interface SheetBounds {
  /** Rows read from the top of the sheet; the rest of the file is never parsed. */
  maxRows: number;
  /** Columns read from the left (A ...); cells further right are dropped. */
  maxColumns: number;
}

/** A cell as its text: numbers in full (a phone 573206123456 typed as a number, never "5.73206E+11"). */
function cellText(cell: CellObject | undefined): string {
  const value = cell?.v;
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value ?? "");
}

/**
 * The first sheet's rows within the bounds, each as the text of its first `maxColumns` cells, with its line number
 * (1 is the sheet's first row). Rows with nothing in those columns are left out. Throws on a file the library cannot read.
 */
export function readSheetCells(bytes: Uint8Array, bounds: SheetBounds): { line: number; cells: string[] }[] {
  // Dense: each row an array of its cells; only the first sheet is parsed, and only its first `maxRows` rows.
  const workbook = readWorkbook(bytes, { type: "buffer", dense: true, sheets: 0, sheetRows: bounds.maxRows, cellFormula: false, cellHTML: false, cellStyles: false, cellText: false });
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ""];
  if (!sheet) throw new Error("no sheet");
  const data: (CellObject[] | undefined)[] = (sheet as { "!data"?: (CellObject[] | undefined)[] })["!data"] ?? [];
  const rows: { line: number; cells: string[] }[] = [];
  for (let r = 0; r < Math.min(data.length, bounds.maxRows); r += 1) {
    const row = data[r];
    if (!row) continue;
    const cells: string[] = [];
    for (let c = 0; c < Math.min(row.length, bounds.maxColumns); c += 1) cells.push(cellText(row[c]));
    // Empty cells at the end of a row say nothing (a row ending in a far column has 26 of them).
    while (cells.length && (cells.at(-1) ?? "").trim() === "") cells.pop();
    if (cells.length) rows.push({ line: r + 1, cells });
  }
  return rows;
}

export type SheetAnswer = { id: number; rows: { line: number; cells: string[] }[] } | { id: number; unreadable: true } | { ready: true };

// As the reader's worker: one file per message, answered with its rows or as unreadable.
const bounds = (workerData as { sheetBounds?: SheetBounds } | null)?.sheetBounds;
if (parentPort && bounds) {
  const port = parentPort;
  port.on("message", ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
    let answer: SheetAnswer;
    try {
      answer = { id, rows: readSheetCells(bytes, bounds) };
    } catch {
      answer = { id, unreadable: true };
    }
    port.postMessage(answer);
  });
  // Loaded (the library too): the reader's deadlines count from here.
  port.postMessage({ ready: true } satisfies SheetAnswer);
}

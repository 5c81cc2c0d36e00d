/**
 * A guest list as uploaded, read to plain rows.
 * One reader for both formats, SheetJS (`@e965/xlsx`), so an .xls and an .xlsx of the same sheet give the same
 * guests. The format is told by content: a zip (.xlsx, checked by the zip guard before anything inflates it) or an
 * OLE compound file (.xls, whose size is the upload's). Anything else is refused. The first sheet's first
 * non-empty row is the header: name, email, phone, and optionally seats (Spanish and Portuguese headers too).
 * Sheets are read one at a time per process: reading is synchronous work, and several at once would multiply the
 * memory it takes.
 */
import { read as readWorkbook, utils as sheetUtils } from "@e965/xlsx";
import { ShopError } from "../../shared/domain/shop-error";
import { MAX_GUESTS, MAX_SHEET_INFLATED_BYTES } from "./limits";
import { checkZip, ZipRefused } from "./zip-guard";

export interface SheetRow {
  /** The row's line number in the sheet (1 is the header). */
  line: number;
  name: string;
  email: string;
  phone: string;
  /** Empty when the sheet has no seats column. */
  seats: string;
}

type Column = "name" | "email" | "phone" | "seats";
const HEADERS: Record<string, Column> = {
  name: "name",
  nombre: "name",
  nome: "name",
  email: "email",
  "e-mail": "email",
  correo: "email",
  phone: "phone",
  telefono: "phone",
  teléfono: "phone",
  telefone: "phone",
  celular: "phone",
  seats: "seats",
  cupos: "seats",
  asientos: "seats",
  lugares: "seats",
};

const unreadable = () => new ShopError("guest_list_unreadable", { file: "errors.guest_list_unreadable" });

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;
const isOle = (bytes: Buffer) => bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));

/** A cell as its text: numbers in full (a phone 573206123456 typed as a number, never "5.73206E+11"). */
function cellText(cell: unknown): string {
  if (typeof cell === "number") return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell ?? "");
}

/** The sheet's rows as text, header row first, each with its line number. */
async function sheetLines(bytes: Buffer): Promise<{ line: number; cells: string[] }[]> {
  if (isZip(bytes)) {
    try {
      await checkZip(bytes, MAX_SHEET_INFLATED_BYTES);
    } catch (error) {
      if (error instanceof ZipRefused) throw unreadable();
      throw error;
    }
  } else if (!isOle(bytes)) {
    throw unreadable();
  }
  let rows: unknown[][];
  try {
    const workbook = readWorkbook(bytes, { type: "buffer", cellFormula: false, cellHTML: false, cellStyles: false, sheetRows: MAX_GUESTS + 50 });
    const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ""];
    if (!sheet) throw unreadable();
    // Raw values: SheetJS's "General" format would print a long number in exponent form.
    rows = sheetUtils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "", blankrows: true });
  } catch {
    throw unreadable();
  }
  return rows.map((cells, index) => ({ line: index + 1, cells: Array.from(cells, cellText) }));
}

/** One sheet read at a time in this process: the next waits for the one before to end, however it ends. */
let reading: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = reading.then(work, work);
  reading = run.catch(() => undefined);
  return run;
}

/** The guest rows under the header; refuses an unreadable file, a missing name or email column, or too many rows. */
export async function readGuestSheet(bytes: Buffer): Promise<SheetRow[]> {
  const lines = (await oneAtATime(() => sheetLines(bytes))).filter((row) => row.cells.some((cell) => cell.trim() !== ""));
  const header = lines.shift();
  if (!header) throw unreadable();
  const columns = new Map<Column, number>();
  header.cells.forEach((cell, index) => {
    const column = HEADERS[cell.trim().toLowerCase()];
    if (column && !columns.has(column)) columns.set(column, index);
  });
  if (!columns.has("name") || !columns.has("email")) throw unreadable();
  if (lines.length > MAX_GUESTS) throw new ShopError("guest_list_too_long", { file: "errors.guest_list_too_long" }, { max: MAX_GUESTS });
  const cell = (cells: string[], column: Column) => {
    const index = columns.get(column);
    return index === undefined ? "" : (cells[index] ?? "").trim();
  };
  return lines.map((row) => ({
    line: row.line,
    name: cell(row.cells, "name"),
    email: cell(row.cells, "email"),
    phone: cell(row.cells, "phone"),
    seats: cell(row.cells, "seats"),
  }));
}

/**
 * A guest list as uploaded (an .xls or .xlsx file), read to plain rows.
 * The format is told by content: a zip (.xlsx, read with exceljs after the zip guard) or an OLE compound file
 * (.xls, read with SheetJS `@e965/xlsx`, whose .xls reader is maintained; exceljs reads no .xls). Anything else
 * is refused. The first sheet's first non-empty row is the header: name, email, phone, and optionally seats
 * (Spanish and Portuguese headers are read too).
 */
import ExcelJS from "exceljs";
import { read as readXls, utils as xlsUtils } from "@e965/xlsx";
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

/** The sheet's rows as text, header row first, each with its line number. */
async function sheetLines(bytes: Buffer): Promise<{ line: number; cells: string[] }[]> {
  if (isZip(bytes)) {
    try {
      checkZip(bytes, MAX_SHEET_INFLATED_BYTES);
    } catch (error) {
      if (error instanceof ZipRefused) throw unreadable();
      throw error;
    }
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw unreadable();
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw unreadable();
    const lines: { line: number; cells: string[] }[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, line) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cell.text ?? "";
      });
      lines.push({ line, cells: Array.from(cells, (cell) => cell ?? "") });
    });
    return lines;
  }
  if (isOle(bytes)) {
    let rows: unknown[][];
    try {
      const workbook = readXls(bytes, { type: "buffer", cellFormula: false, cellHTML: false, sheetRows: MAX_GUESTS + 50 });
      const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ""];
      if (!sheet) throw unreadable();
      rows = xlsUtils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "", blankrows: true });
    } catch {
      throw unreadable();
    }
    return rows.map((cells, index) => ({ line: index + 1, cells: cells.map((cell) => String(cell ?? "")) }));
  }
  throw unreadable();
}

/** The guest rows under the header; refuses an unreadable file, a missing name or email column, or too many rows. */
export async function readGuestSheet(bytes: Buffer): Promise<SheetRow[]> {
  const lines = (await sheetLines(bytes)).filter((row) => row.cells.some((cell) => cell.trim() !== ""));
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

/**
 * Cells of every export (CSV and XLSX) made safe for spreadsheets: names, addresses and notes are typed by
 * buyers, and a text cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is run by Excel,
 * LibreOffice and Google Sheets as a formula (`-2+3+cmd|' /C calc'!A0`, `+1+HYPERLINK(…)`). Such a text gets a
 * leading apostrophe, which spreadsheets show as text (OWASP "CSV Injection"). Numbers stay numbers.
 */
export type Cell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as a spreadsheet may safely read it: text that could start a formula is quoted with an apostrophe. */
export function formulaSafe(value: Cell): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV field (RFC 4180), formula-safe. */
export function csvCell(value: Cell): string {
  const text = String(formulaSafe(value));
  return /[",;\r\n\t]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines of cells as a CSV file: CRLF (RFC 4180) and a byte-order mark so spreadsheets read accents as UTF-8. */
export function csvText(rows: readonly (readonly Cell[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/**
 * Cells a spreadsheet program would read as a formula (CSV/formula injection): text starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return gets a leading apostrophe, so it is shown as the text it is and never run.
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV line (RFC 4180 quoting) of formula-safe cells. */
export function csvLine(cells: readonly (string | number)[]): string {
  return cells
    .map((cell) => {
      const text = typeof cell === "number" ? String(cell) : neutralizeCell(cell);
      return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(",");
}

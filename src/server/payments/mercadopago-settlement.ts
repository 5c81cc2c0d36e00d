/**
 * MercadoPago's side of the money: its "released money" report (Reporte de dinero liberado / release report), as the
 * merchant downloads it as CSV or the reports API (`/v1/account/release_report`) writes it. Columns, by MercadoPago's
 * glossary: DATE (release, yyyy-MM-dd'T'HH:mm:ssZ), SOURCE_ID (the payment's id), EXTERNAL_REFERENCE, RECORD_TYPE
 * (`release` for money released; `initial_available_balance`, `total`, `available_balance` are balance lines),
 * DESCRIPTION (`payment`, `refund`, …), NET_CREDIT_AMOUNT, NET_DEBIT_AMOUNT, GROSS_AMOUNT, MP_FEE_AMOUNT (fee, VAT
 * included), FINANCING_FEE_AMOUNT (interest-free instalments), and more the shop does not read. Amounts are in the
 * account's currency, major units with a dot. The report's separator is the account's setting: comma or semicolon.
 *
 * A hostile file is checked before the spreadsheet library sees it: text only (no NUL byte, not a zip), the header
 * line holding every column read, at most MAX_SETTLEMENT_LINES lines; then SheetJS (the project's one spreadsheet
 * library) reads it as raw text cells, never formulas or dates.
 */
import { read as readBook, utils as sheetUtils } from "@e965/xlsx";
import { toMinorUnits } from "./amounts";
import { SettlementFileError, type SettlementLine } from "./settlement-line";

/** The columns read; a file without any of them is refused naming it. */
export const MERCADOPAGO_RELEASE_COLUMNS = ["DATE", "SOURCE_ID", "EXTERNAL_REFERENCE", "RECORD_TYPE", "DESCRIPTION", "NET_CREDIT_AMOUNT", "NET_DEBIT_AMOUNT", "GROSS_AMOUNT", "MP_FEE_AMOUNT"] as const;
/** A month of a busy account's releases fits many times over; a file past it is refused, not read in part. */
export const MAX_SETTLEMENT_LINES = 50_000;

const HEADER_PROBE_BYTES = 8 * 1024;

/** The header line's column names, read from the bytes themselves (no library), or the refusal. */
function headerOf(bytes: Buffer): string[] {
  if (bytes.length === 0) throw new SettlementFileError("empty");
  if (bytes.subarray(0, 2).toString("latin1") === "PK" || bytes.includes(0)) throw new SettlementFileError("not_text");
  const head = bytes.subarray(0, HEADER_PROBE_BYTES).toString("utf8").replace(/^\uFEFF/, "");
  const end = head.search(/\r?\n/);
  const line = end === -1 ? head : head.slice(0, end);
  const separator = line.includes(";") ? ";" : ",";
  return line.split(separator).map((name) => name.trim().replace(/^"|"$/g, "").toUpperCase());
}

/** A decimal amount as MercadoPago writes it ("12345.67", "-1234.5", empty for none). */
function amountOf(value: unknown, column: string, line: number): number {
  const text = String(value ?? "").trim();
  if (text === "") return 0;
  if (!/^-?\d+(?:\.\d+)?$/.test(text)) throw new SettlementFileError(`${column}:${line}`);
  return Number(text);
}

/** The released payments and refunds of a release report, amounts in `currency`'s minor units. */
export function readMercadoPagoReleases(bytes: Buffer, currency: string): SettlementLine[] {
  const header = headerOf(bytes);
  const missing = MERCADOPAGO_RELEASE_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new SettlementFileError(`missing:${missing.join(",")}`);
  const lines = bytes.toString("utf8").split(/\r?\n/).filter((one) => one.trim() !== "").length;
  if (lines > MAX_SETTLEMENT_LINES + 1) throw new SettlementFileError(`too_long:${MAX_SETTLEMENT_LINES}`);

  const book = readBook(bytes.toString("utf8").replace(/^\uFEFF/, ""), { type: "string", raw: true, cellFormula: false, cellHTML: false, sheetRows: MAX_SETTLEMENT_LINES + 1 });
  const sheet = book.Sheets[book.SheetNames[0] ?? ""];
  if (!sheet) throw new SettlementFileError("empty");
  const rows = sheetUtils.sheet_to_json<Record<string, unknown>>(sheet, { raw: false, defval: "" });
  const settled: SettlementLine[] = [];
  rows.forEach((raw, index) => {
    const row = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key.trim().toUpperCase(), value]));
    const line = index + 2;
    if (String(row.RECORD_TYPE).trim().toLowerCase() !== "release") return;
    const description = String(row.DESCRIPTION).trim().toLowerCase();
    if (description !== "payment" && description !== "refund") return;
    const gatewayId = String(row.SOURCE_ID ?? "").trim();
    const at = Date.parse(String(row.DATE ?? "").trim());
    if (!gatewayId) throw new SettlementFileError(`SOURCE_ID:${line}`);
    if (Number.isNaN(at)) throw new SettlementFileError(`DATE:${line}`);
    const fee = Math.abs(amountOf(row.MP_FEE_AMOUNT, "MP_FEE_AMOUNT", line)) + Math.abs(amountOf(row.FINANCING_FEE_AMOUNT, "FINANCING_FEE_AMOUNT", line));
    const gross = Math.abs(amountOf(row.GROSS_AMOUNT, "GROSS_AMOUNT", line));
    const net = description === "payment" ? amountOf(row.NET_CREDIT_AMOUNT, "NET_CREDIT_AMOUNT", line) : amountOf(row.NET_DEBIT_AMOUNT, "NET_DEBIT_AMOUNT", line);
    const reference = String(row.EXTERNAL_REFERENCE ?? "").trim();
    settled.push({
      gatewayId,
      kind: description,
      gross: toMinorUnits(gross, currency),
      fee: toMinorUnits(fee, currency),
      net: toMinorUnits(Math.abs(net), currency),
      settledAt: new Date(at).toISOString(),
      reference: reference || null,
      line,
    });
  });
  return settled;
}

/**
 * Orders and passengers as a table for a spreadsheet: an event date, a search (as the staff's order list reads
 * it), or both. The file formats (CSV, XLSX) write every cell through the exports' one formula-safe rule.
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { CFB, utils as sheetUtils, write as writeWorkbook, type WorkSheet } from "@e965/xlsx";
import { csvText } from "../../../shared/exports/cells";
import { ORDER_STATES, stateLabel, type OrderState } from "../../../shared/domain/order-states";
import { CURRENCY_DECIMALS } from "../../../shared/format/money";
import { isPaymentCode } from "../../../shared/domain/payment-codes";
import { translate, type MessageKey } from "../../../shared/i18n";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { ExportCellType, ExportTable } from "../../../shared/schemas/answers/order-desk";
import type { ExportQuery } from "../../../shared/schemas/order-desk";
import type { ShopContext } from "../../context";
import { discounts, eventDates, events, orders, passengers, payments, productVariants, refunds, tickets, users } from "../../db/schema";
import { pick } from "../catalogue/rows";
import { searchCondition } from "./order-list";
import { orderMoneyOf } from "../refunds/order-money";
import { orderMoney } from "../../../shared/domain/order-money";

/** A spreadsheet of the whole catalogue's orders stays readable; past this, staff narrow the search. */
const EXPORT_LIMIT = 20_000;

type Column = readonly [MessageKey, ExportCellType];

const ORDER_COLUMNS = [
  ["exports.col.order", "number"],
  ["exports.col.state", "text"],
  ["exports.col.placed", "date"],
  ["exports.col.event", "text"],
  ["exports.col.date", "date"],
  ["exports.col.buyer", "text"],
  ["exports.col.email", "text"],
  ["exports.col.phone", "text"],
  ["exports.col.method", "text"],
  ["exports.col.gateway_reference", "text"],
  ["exports.col.currency", "text"],
  ["exports.col.subtotal", "money"],
  ["exports.col.discount_code", "text"],
  ["exports.col.discount", "money"],
  ["exports.col.total", "money"],
  ["money.paid", "money"],
  ["money.refunded", "money"],
  ["money.net", "money"],
] as const satisfies readonly Column[];

const PASSENGER_COLUMNS = [
  ["exports.col.order", "number"],
  ["exports.col.state", "text"],
  ["exports.col.event", "text"],
  ["exports.col.date", "date"],
  ["exports.col.ticket", "text"],
  ["exports.col.passenger", "text"],
  ["exports.col.email", "text"],
  ["exports.col.phone", "text"],
  ["exports.col.address", "text"],
  ["exports.col.buyer", "text"],
  ["exports.col.method", "text"],
  ["exports.col.gateway_reference", "text"],
  ["exports.col.currency", "text"],
  ["exports.col.ticket_price", "money"],
  ["exports.col.discount", "money"],
  ["money.refunded", "money"],
  ["money.net", "money"],
] as const satisfies readonly Column[];


/** "YYYY-MM-DD HH:mm" on the wall clock of a time zone: a spreadsheet reads it as a date and a person as theirs. */
export function wallClock(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Money in the currency's own units (COP 65.000 is 65000, USD 12,50 is 12.5): what a spreadsheet adds up. */
export const major = (minor: number, currency: string) => minor / 10 ** (CURRENCY_DECIMALS[currency] ?? 0);

/**
 * Orders (one line each) or passengers (one line each) as a table, in the caller's language: states and payment
 * methods translated, dates on the event country's wall clock, money in the currency's units. An order's money:
 * what its payments took (`paid`), what was given back or is owed (`refunded`: every refund of it, the refunds of
 * its passengers split off included) and `net`, their difference, and `total` the order's total: what it was sold
 * for until a refund, its net after one (services/refunds/order-money.ts, as the mail, account page and desk show
 * it); an order split off by a refund shows its tickets with no money of its own. A passenger line carries its ticket's money on the ticket's first passenger only (a van
 * is one ticket for several), the refund shared among a refund's tickets by their value.
 */
export async function exportTable(deps: ShopContext, query: ExportQuery, locale: Locale): Promise<ExportTable> {
  const { db } = deps;
  const where = and(query.eventDateId ? eq(orders.eventDateId, query.eventDateId) : undefined, searchCondition(query.q));
  const rows = await db
    .select({ order: orders, user: users, event: events, date: eventDates.startDate, code: discounts.code })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(eventDates, eq(eventDates.id, orders.eventDateId))
    .leftJoin(discounts, eq(discounts.id, orders.discountId))
    .where(where)
    .orderBy(asc(orders.id))
    .limit(EXPORT_LIMIT);
  const t = (key: MessageKey) => translate(locale, key);
  const ids = rows.map((row) => row.order.id);
  const [paymentRows, refundRows] = ids.length
    ? await Promise.all([
        db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.id)),
        db.select().from(refunds).where(or(inArray(refunds.orderId, ids), inArray(refunds.splitOrderId, ids))),
      ])
    : [[], []];
  const zoneOf = (row: (typeof rows)[number]) => timeZoneOf(row.event.countryCode);
  const dateOf = (row: (typeof rows)[number]) => wallClock(row.date ?? row.event.startDate, zoneOf(row));
  const buyerOf = (row: (typeof rows)[number]) => `${row.user.firstName} ${row.user.lastName}`.trim();
  const stateOf = (state: string) => ((ORDER_STATES as readonly string[]).includes(state) ? t(stateLabel(state as OrderState)) : state);
  const methodOf = (code: string) => (isPaymentCode(code) ? t(`payments.method.${code}`) : code);
  const referenceOf = (orderId: number) => paymentRows.filter((payment) => payment.orderId === orderId && payment.providerReference).at(-1)?.providerReference ?? "";

  if (query.kind !== "passengers") {
    const moneyOf = await orderMoneyOf(db, ids);
    return {
      columns: ORDER_COLUMNS.map(([key]) => t(key)),
      types: ORDER_COLUMNS.map(([, type]) => type),
      rows: rows.map((row) => {
        const { order } = row;
        const money = (minor: number) => major(minor, order.currency);
        const figures = moneyOf.get(order.id) ?? orderMoney(order.total, 0, 0);
        return [
          order.id,
          stateOf(order.state),
          wallClock(order.createdAt, zoneOf(row)),
          pick(row.event.translations, locale)?.name ?? "",
          dateOf(row),
          buyerOf(row),
          row.user.email,
          row.user.phoneNumber,
          methodOf(order.paymentCode),
          referenceOf(order.id),
          order.currency,
          money(order.subtotal),
          row.code ?? "",
          money(order.subtotal - order.total),
          money(figures.total),
          money(figures.paid),
          money(figures.refunded),
          money(figures.net),
        ];
      }),
    };
  }
  const byId = new Map(rows.map((row) => [row.order.id, row]));
  const passengerRows = byId.size
    ? await db
        .select({ orderId: tickets.orderId, ticketId: tickets.id, price: tickets.price, discountPrice: tickets.discountPrice, passenger: passengers, variant: productVariants.translations })
        .from(passengers)
        .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
        .innerJoin(productVariants, eq(productVariants.id, tickets.productVariantId))
        .where(inArray(tickets.orderId, [...byId.keys()]))
        .orderBy(asc(tickets.orderId), asc(tickets.id), asc(passengers.id))
    : [];
  // Each ticket's value, and the refund that covers it: its split order's refund, or a whole refund of its order.
  const ticketValue = new Map<number, number>();
  for (const passenger of passengerRows) ticketValue.set(passenger.ticketId, passenger.discountPrice ?? passenger.price);
  const valueOfOrder = (orderId: number) => [...new Set(passengerRows.filter((passenger) => passenger.orderId === orderId).map((passenger) => passenger.ticketId))].reduce((sum, id) => sum + ticketValue.get(id)!, 0);
  const refundOfTicket = (orderId: number, ticketId: number) => {
    const covering = refundRows.filter((refund) => refund.splitOrderId === orderId || (refund.orderId === orderId && refund.splitOrderId === null));
    const total = valueOfOrder(orderId);
    return total ? Math.round(covering.reduce((sum, refund) => sum + refund.amount, 0) * (ticketValue.get(ticketId)! / total)) : 0;
  };
  const seen = new Set<number>();
  return {
    columns: PASSENGER_COLUMNS.map(([key]) => t(key)),
    types: PASSENGER_COLUMNS.map(([, type]) => type),
    rows: passengerRows.map(({ orderId, ticketId, price, passenger, variant }) => {
      const row = byId.get(orderId)!;
      const first = !seen.has(ticketId);
      seen.add(ticketId);
      const value = ticketValue.get(ticketId)!;
      const refunded = first ? refundOfTicket(orderId, ticketId) : 0;
      const money = (minor: number) => (first ? major(minor, row.order.currency) : null);
      // The payment is the order's, or its parent's for an order split off by a refund.
      const payer = row.order.splitFromId ?? orderId;
      return [
        orderId,
        stateOf(row.order.state),
        pick(row.event.translations, locale)?.name ?? "",
        dateOf(row),
        pick(variant, locale)?.name ?? "",
        passenger.name,
        passenger.email,
        passenger.phone,
        passenger.passengerAddress,
        buyerOf(row),
        methodOf(row.order.paymentCode),
        referenceOf(payer),
        row.order.currency,
        money(price),
        money(price - value),
        money(refunded),
        money(value - refunded),
      ];
    }),
  };
}

export function exportCsv(table: ExportTable): string {
  return csvText([table.columns, ...table.rows]);
}

const DATE_CELL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/**
 * One sheet with typed cells: numbers and money as numbers (money with the currency's decimals), dates as real
 * date cells, text as text. Text needs no apostrophe here: SheetJS writes a string as a string cell (`t: "s"`),
 * which no spreadsheet runs as a formula (the CSV, read as typed text, keeps its guard). The header row is frozen
 * and carries the sheet's filters.
 */
export function exportXlsx(table: ExportTable, sheetName: string): Uint8Array<ArrayBuffer> {
  const sheet: WorkSheet = {};
  const width = table.columns.length;
  table.columns.forEach((title, c) => (sheet[sheetUtils.encode_cell({ r: 0, c })] = { t: "s", v: title }));
  table.rows.forEach((row, r) => {
    row.forEach((value, c) => {
      if (value === null || value === undefined || value === "") return;
      const ref = sheetUtils.encode_cell({ r: r + 1, c });
      const type = table.types[c];
      const date = type === "date" && typeof value === "string" ? DATE_CELL.exec(value) : null;
      if (date) {
        const [, y, m, d, h, min] = date.map(Number) as number[];
        sheet[ref] = { t: "d", v: new Date(Date.UTC(y!, m! - 1, d!, h!, min!)), z: "yyyy-mm-dd hh:mm" };
      } else if (typeof value === "number") {
        sheet[ref] = { t: "n", v: value, z: type === "money" ? (Number.isInteger(value) ? "#,##0" : "#,##0.00") : "0" };
      } else {
        sheet[ref] = { t: "s", v: value };
      }
    });
  });
  const range = { s: { r: 0, c: 0 }, e: { r: table.rows.length, c: Math.max(width - 1, 0) } };
  sheet["!ref"] = sheetUtils.encode_range(range);
  sheet["!autofilter"] = { ref: sheetUtils.encode_range(range) };
  sheet["!cols"] = table.columns.map((title) => ({ wch: Math.max(10, Math.min(40, title.length + 4)) }));
  const book = sheetUtils.book_new();
  sheetUtils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  const written = writeWorkbook(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;
  return freezeHeader(new Uint8Array(written));
}

/**
 * SheetJS's community build writes no frozen panes, so the first sheet's view gets one after the fact: the header
 * row stays in sight while a long export scrolls (a `pane` in the sheet's `sheetView`, as Excel writes it).
 */
function freezeHeader(file: Uint8Array): Uint8Array<ArrayBuffer> {
  const zip = CFB.read(file, { type: "array" });
  // CFB names a zip entry by its path from the archive's root.
  const path = "/xl/worksheets/sheet1.xml";
  const entry = CFB.find(zip, path);
  if (!entry) return new Uint8Array(file);
  const xml = new TextDecoder().decode(entry.content as Uint8Array);
  const frozen = xml.replace(/<sheetView ([^>]*?)\/>/, '<sheetView $1><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView>');
  CFB.utils.cfb_add(zip, path, new TextEncoder().encode(frozen));
  return new Uint8Array(CFB.write(zip, { fileType: "zip", type: "array", compression: true }) as ArrayBuffer);
}

/**
 * Orders and passengers as a table for a spreadsheet: an event date, a search (as the staff's order list reads
 * it), or both. The file formats (CSV, XLSX) write every cell through the exports' one formula-safe rule.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { utils as sheetUtils, write as writeWorkbook } from "@e965/xlsx";
import { csvText, formulaSafe } from "../../../shared/exports/cells";
import { translate, type MessageKey } from "../../../shared/i18n";
import { formatDateTime, timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { ExportTable } from "../../../shared/schemas/answers/order-desk";
import type { ExportQuery } from "../../../shared/schemas/order-desk";
import type { ShopContext } from "../../context";
import { eventDates, events, orders, passengers, productVariants, tickets, users } from "../../db/schema";
import { pick } from "../catalogue/rows";
import { searchCondition } from "./staff-orders";

/** A spreadsheet of the whole catalogue's orders stays readable; past this, staff narrow the search. */
const EXPORT_LIMIT = 20_000;

const ORDER_COLUMNS = [
  "exports.col.order",
  "exports.col.state",
  "exports.col.placed",
  "exports.col.event",
  "exports.col.date",
  "exports.col.buyer",
  "exports.col.email",
  "exports.col.phone",
  "exports.col.method",
  "exports.col.currency",
  "exports.col.subtotal",
  "exports.col.total",
] as const satisfies readonly MessageKey[];

const PASSENGER_COLUMNS = [
  "exports.col.order",
  "exports.col.state",
  "exports.col.event",
  "exports.col.date",
  "exports.col.ticket",
  "exports.col.passenger",
  "exports.col.email",
  "exports.col.phone",
  "exports.col.address",
  "exports.col.buyer",
] as const satisfies readonly MessageKey[];

export async function exportTable(deps: ShopContext, query: ExportQuery, locale: Locale): Promise<ExportTable> {
  const { db } = deps;
  const where = and(query.eventDateId ? eq(orders.eventDateId, query.eventDateId) : undefined, searchCondition(query.q));
  const rows = await db
    .select({ order: orders, user: users, event: events, date: eventDates.startDate })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(eventDates, eq(eventDates.id, orders.eventDateId))
    .where(where)
    .orderBy(asc(orders.id))
    .limit(EXPORT_LIMIT);
  const t = (key: MessageKey) => translate(locale, key);
  const dateOf = (row: (typeof rows)[number]) => formatDateTime((row.date ?? row.event.startDate).toISOString(), timeZoneOf(row.event.countryCode));
  const buyerOf = (row: (typeof rows)[number]) => `${row.user.firstName} ${row.user.lastName}`.trim();
  if (query.kind !== "passengers") {
    return {
      columns: ORDER_COLUMNS.map(t),
      rows: rows.map((row) => [
        row.order.id,
        row.order.state,
        formatDateTime(row.order.createdAt.toISOString(), timeZoneOf(row.event.countryCode)),
        pick(row.event.translations, locale)?.name ?? "",
        dateOf(row),
        buyerOf(row),
        row.user.email,
        row.user.phoneNumber,
        row.order.paymentCode,
        row.order.currency,
        row.order.subtotal,
        row.order.total,
      ]),
    };
  }
  const byId = new Map(rows.map((row) => [row.order.id, row]));
  const riders = byId.size
    ? await db
        .select({ orderId: tickets.orderId, passenger: passengers, variant: productVariants.translations })
        .from(passengers)
        .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
        .innerJoin(productVariants, eq(productVariants.id, tickets.productVariantId))
        .where(inArray(tickets.orderId, [...byId.keys()]))
        .orderBy(asc(tickets.orderId), asc(passengers.id))
    : [];
  return {
    columns: PASSENGER_COLUMNS.map(t),
    rows: riders.map(({ orderId, passenger, variant }) => {
      const row = byId.get(orderId)!;
      return [
        orderId,
        row.order.state,
        pick(row.event.translations, locale)?.name ?? "",
        dateOf(row),
        pick(variant, locale)?.name ?? "",
        passenger.name,
        passenger.email,
        passenger.phone,
        passenger.passengerAddress,
        buyerOf(row),
      ];
    }),
  };
}

export function exportCsv(table: ExportTable): string {
  return csvText([table.columns, ...table.rows]);
}

/** One sheet, every cell formula-safe (text cells only: SheetJS writes strings as text, never as formulas). */
export function exportXlsx(table: ExportTable, sheetName: string): Uint8Array<ArrayBuffer> {
  const sheet = sheetUtils.aoa_to_sheet([table.columns, ...table.rows].map((row) => row.map(formulaSafe)));
  const book = sheetUtils.book_new();
  sheetUtils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  const written = writeWorkbook(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;
  return new Uint8Array(written);
}

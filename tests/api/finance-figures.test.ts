/**
 * Figures a finance team can close a day with: the sales report's gross, refunds and net per currency and each
 * discount code's uses and money given away; the exports' payment, gateway, discount, refunded and net columns in
 * the reader's language, read back with the spreadsheet reader as typed cells (numbers, dates, text) under a frozen
 * header with filters.
 */
import { CFB, read as readWorkbook, utils as sheetUtils, type CellObject, type WorkSheet } from "@e965/xlsx";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discounts, orders } from "../../src/server/db/schema";
import type { ExportTable, OrderDesk, SalesReport } from "../../src/shared/schemas/answers/order-desk";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };
let offer: Awaited<ReturnType<typeof eventOffer>>;
let code: string;
/** An order of two tickets with a 10 % code, paid by transfer, one passenger refunded. */
let coded: { orderId: number; subtotal: number; total: number; refund: number; splitOrderId: number; buyerEmail: string };
/** A second order of one ticket, no code, paid by transfer. */
let plain: { orderId: number; total: number };
let before: NonNullable<SalesReport["report"]>;

const reportOf = async () => {
  const answer = await shop.call<SalesReport>("GET", `/shop-api/staff/reports/sales?eventId=${offer.event.id}&eventDateId=${offer.eventDateId}`, undefined, { token: staff.token });
  expect(answer.status).toBe(200);
  return answer.body.data.report!;
};

async function paidByTransfer(count: number, discountCode?: string) {
  const variant = offer.typed(offer.variants[0]!.provinceId).find((v) => v.capacity === 1)!;
  const me = await shop.buyer();
  const body = purchaseBody(offer, Array(count).fill(variant.id), await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia", ...(discountCode ? { discountCode } : {}) });
  body.tickets.forEach((ticket, i) => (ticket.passengers = [{ name: `Pasajero ${i + 1}`, email: `p${i}@example.com`, phone: "3001112233", passengerAddress: "+57 Calle 1" }]));
  const started = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: me.token });
  expect(started.status).toBe(201);
  const orderId = started.body.data.orderId;
  expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
  return { orderId, order: order!, email: me.email };
}

beforeAll(async () => {
  shop = await openTestShop();
  staff = await shop.buyer("staff");
  offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  code = `FIN${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  await shop.db.insert(discounts).values({ code, eventId: offer.event.id, variation: "0.10" });
  before = await reportOf();
  const first = await paidByTransfer(2, code);
  const desk = (await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${first.orderId}`, undefined, { token: staff.token })).body.data;
  const refund = await shop.call<{ amount: number; splitOrderId: number }>("POST", `/shop-api/staff/orders/${first.orderId}/refund`, { reason: "No viaja", passengerIds: [desk.tickets[1]!.passengers[0]!.id] }, { token: staff.token });
  expect(refund.status).toBe(201);
  coded = { orderId: first.orderId, subtotal: first.order.subtotal, total: first.order.total, refund: refund.body.data.amount, splitOrderId: refund.body.data.splitOrderId, buyerEmail: first.email };
  const second = await paidByTransfer(1);
  plain = { orderId: second.orderId, total: second.order.total };
});
afterAll(async () => {
  await shop?.close();
});

const exportOf = async (query: string, locale = "es_CO") => {
  const answer = await shop.app.request(`/shop-api/staff/exports?${query}`, { headers: { authorization: `Bearer ${staff.token}`, "x-locale": locale } });
  expect(answer.status).toBe(200);
  return new Uint8Array(await answer.arrayBuffer());
};

/** The sheet's rows as cells (type and value), header first. */
function cellsOf(sheet: WorkSheet): (CellObject | undefined)[][] {
  const range = sheetUtils.decode_range(sheet["!ref"]!);
  const rows: (CellObject | undefined)[][] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: (CellObject | undefined)[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) row.push(sheet[sheetUtils.encode_cell({ r, c })] as CellObject | undefined);
    rows.push(row);
  }
  return rows;
}

describe("the sales report's closing figures", () => {
  it("shows gross, refunds and net per currency, and each discount code's uses and the money it gave away", async () => {
    const after = await reportOf();
    const cop = (report: typeof after) => report.totals.find((row) => row.currency === "COP") ?? { gross: 0, refunds: 0, net: 0 };
    expect(cop(after).gross - cop(before).gross).toBe(coded.total + plain.total);
    expect(cop(after).refunds - cop(before).refunds).toBe(coded.refund);
    expect(cop(after).net).toBe(cop(after).gross - cop(after).refunds);
    // The refunded ticket took its discount with it: the code's money is the kept ticket's (two equal tickets).
    expect(after.discountCodes.filter((row) => row.code === code)).toEqual([{ code, currency: "COP", uses: 1, amount: (coded.subtotal - coded.total) / 2 }]);
    expect(coded.subtotal - coded.total).toBeGreaterThan(0);
  });
});

describe("exports a spreadsheet reads as figures", () => {
  it("orders: typed cells, translated state and method, discount, refunded and net, frozen header with filters", async () => {
    const file = await exportOf(`format=xlsx&q=${coded.orderId}`);
    const book = readWorkbook(file, { cellDates: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const [header, row] = cellsOf(sheet);
    const col = (title: string) => header!.findIndex((cell) => cell?.v === title);
    const at = (title: string) => row![col(title)]!;
    for (const title of ["Medio de pago", "Referencia de la pasarela", "Código de descuento", "Descuento", "Pagado", "Devuelto", "Neto"]) expect(col(title), title).toBeGreaterThanOrEqual(0);
    expect(at("Pedido")).toMatchObject({ t: "n", v: coded.orderId });
    expect(at("Estado")).toMatchObject({ t: "s", v: "Pagado" });
    expect(at("Medio de pago")).toMatchObject({ t: "s", v: "Transferencia bancaria" });
    expect(at("Fecha de compra").t).toBe("d");
    expect(at("Fecha de compra").v).toBeInstanceOf(Date);
    expect(at("Fecha del evento").t).toBe("d");
    expect(at("Código de descuento")).toMatchObject({ t: "s", v: code });
    expect(at("Descuento")).toMatchObject({ t: "n", v: (coded.subtotal - coded.total) / 2 });
    expect(at("Pagado")).toMatchObject({ t: "n", v: coded.total });
    expect(at("Devuelto")).toMatchObject({ t: "n", v: coded.refund });
    expect(at("Neto")).toMatchObject({ t: "n", v: coded.total - coded.refund });
    // No text cell shows an apostrophe in front (the phone begins with "+").
    expect(cellsOf(sheet).flat().filter((cell) => cell?.t === "s" && String(cell.v).startsWith("'"))).toEqual([]);
    expect(sheet["!autofilter"]?.ref).toBe(sheet["!ref"]);
    const xml = new TextDecoder().decode(CFB.find(CFB.read(file, { type: "array" }), "/xl/worksheets/sheet1.xml").content as Uint8Array);
    expect(xml).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
  });

  it("orders in English: states and methods in the reader's language", async () => {
    const book = readWorkbook(await exportOf(`format=xlsx&q=${coded.orderId}`, "en_US"));
    const rows = sheetUtils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
    const split = rows.find((row) => row.Order === coded.splitOrderId);
    const parent = rows.find((row) => row.Order === coded.orderId);
    expect(parent).toMatchObject({ State: "Paid", "Payment method": "Bank transfer" });
    // The split-off order carries no money of its own: the refund is its parent's.
    expect(split).toMatchObject({ State: "Cancelled", Paid: 0, Refunded: 0, Net: 0 });
  });

  it("passengers: each ticket's price, discount, refunded and net; the refunded passenger's net is 0", async () => {
    const table = await shop.call<ExportTable>("GET", `/shop-api/staff/exports?kind=passengers&q=${coded.orderId}`, undefined, { token: staff.token });
    const { columns, rows, types } = table.body.data;
    const col = (title: string) => columns.indexOf(title);
    expect(types[col("Neto")]).toBe("money");
    expect(types[col("Fecha del evento")]).toBe("date");
    const refunded = rows.find((row) => row[0] === coded.splitOrderId)!;
    const kept = rows.find((row) => row[0] === coded.orderId)!;
    expect(refunded[col("Devuelto")]).toBe(coded.refund);
    expect(refunded[col("Neto")]).toBe((refunded[col("Precio del ticket")] as number) - (refunded[col("Descuento")] as number) - coded.refund);
    expect(kept[col("Devuelto")]).toBe(0);
    expect(kept[col("Medio de pago")]).toBe("Transferencia bancaria");
    expect(String(refunded[col("Fecha del evento")])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const book = readWorkbook(await exportOf(`kind=passengers&format=xlsx&q=${coded.orderId}`), { cellDates: true });
    const cells = cellsOf(book.Sheets[book.SheetNames[0]!]!);
    const index = (cells[0] ?? []).findIndex((cell) => cell?.v === "Neto");
    expect(cells.slice(1).map((row) => row[index]?.t)).toEqual(cells.slice(1).map(() => "n"));
  });

  it("CSV keeps its formula guard", async () => {
    const text = new TextDecoder().decode(await exportOf(`kind=passengers&format=csv&q=${coded.orderId}`));
    expect(text).toContain("'+57 Calle 1");
  });
});

/**
 * Invoices and credit notes: every paid order gets one numbered from its country's gapless sequence, also when
 * many are paid at once; a refund gets a credit note that names its invoice; the PDFs read back as text (the
 * shop's legal details, the buyer and their document, lines, discount, tax at the country's rate, totals); the
 * buyer downloads theirs (application/pdf, as documented), nobody else's, and staff any.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discounts, invoices, orders, users } from "../../src/server/db/schema";
import { orderInvoicePdf, creditNotePdf, taxIn } from "../../src/server/services/invoices/invoices";
import type { ShopContext } from "../../src/server/context";
import { formatPrice } from "../../src/shared/format/money";
import type { OrderDesk, RefundAnswer } from "../../src/shared/schemas/answers/order-desk";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };
let offer: Awaited<ReturnType<typeof eventOffer>>;

beforeAll(async () => {
  shop = await openTestShop({ env: { INVOICE_TAX_RATES: "CO:19,CL:19", SHOP_LEGAL_NAME: "Rodamos Transportes S.A.S.", SHOP_TAX_ID: "NIT 901.234.567-8" } });
  staff = await shop.buyer("staff");
  offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
});
afterAll(async () => {
  await shop?.close();
});

/** A transfer purchase of `count` one-seat tickets, not yet confirmed. */
async function placed(count = 2, discountCode?: string) {
  const variant = offer.typed(offer.variants[0]!.provinceId).find((v) => v.capacity === 1)!;
  const me = await shop.buyer();
  const body = purchaseBody(offer, Array(count).fill(variant.id), await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia", ...(discountCode ? { discountCode } : {}) });
  body.tickets.forEach((ticket, i) => (ticket.passengers = [{ name: `Viajero ${i + 1}`, email: `v${i}@example.com`, phone: "3001112233", passengerAddress: "Calle 1" }]));
  const started = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: me.token });
  expect(started.status).toBe(201);
  return { me, orderId: started.body.data.orderId };
}
const confirm = (orderId: number) => shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token });

/** The text a PDF shows, read from its uncompressed content streams (pdfkit writes glyphs as hex in TJ arrays). */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  return [...source.matchAll(/\[((?:<[0-9a-f]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/gi)]
    .map((match) => [...match[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((hex) => Buffer.from(hex[1]!, "hex").toString("latin1")).join(""))
    .join("\n");
}

/** What the PDF renderer reads of the shop: its database and settings. */
const pdfDeps = () => ({ db: shop.db, env: shop.env }) as unknown as ShopContext;

const countryNumbers = async (kind: "invoice" | "credit_note") =>
  (await shop.db.select({ number: invoices.number }).from(invoices).where(and(eq(invoices.countryCode, "CO"), eq(invoices.kind, kind)))).map((row) => row.number).sort((a, b) => a - b);

describe("numbers", () => {
  it("gives every paid order an invoice from the country's sequence, without gaps when 12 are paid at once", async () => {
    const orderIds = [];
    for (let i = 0; i < 12; i++) orderIds.push((await placed(1)).orderId);
    expect(await shop.db.select().from(invoices).where(eq(invoices.orderId, orderIds[0]!))).toEqual([]);
    const answers = await Promise.all(orderIds.map(confirm));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const issued = await shop.db.select().from(invoices).where(eq(invoices.kind, "invoice"));
    expect(orderIds.every((id) => issued.filter((row) => row.orderId === id).length === 1)).toBe(true);
    const numbers = await countryNumbers("invoice");
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    // Paying again (a second confirmation) issues nothing new.
    await confirm(orderIds[0]!);
    expect(await countryNumbers("invoice")).toHaveLength(numbers.length);
  });

  it("gives each refund a credit note from its own gapless sequence, pointing at the order's invoice", async () => {
    const orderIds = [];
    for (let i = 0; i < 6; i++) {
      const { orderId } = await placed(1);
      await confirm(orderId);
      orderIds.push(orderId);
    }
    const refunds = await Promise.all(orderIds.map((orderId) => shop.call<RefundAnswer>("POST", `/shop-api/staff/orders/${orderId}/refund`, { reason: "Devolución" }, { token: staff.token })));
    expect(refunds.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    const notes = await countryNumbers("credit_note");
    expect(notes).toEqual(notes.map((_, i) => i + 1));
    for (const orderId of orderIds) {
      const rows = await shop.db.select().from(invoices).where(eq(invoices.orderId, orderId));
      const invoice = rows.find((row) => row.kind === "invoice")!;
      expect(rows.find((row) => row.kind === "credit_note")).toMatchObject({ invoiceId: invoice.id, total: invoice.total });
    }
  });
});

describe("the documents", () => {
  it("the invoice PDF carries the shop's details, the buyer and their document, the lines, the discount, the tax and the total", async () => {
    const code = `INV${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    await shop.db.insert(discounts).values({ code, eventId: offer.event.id, variation: "0.10" });
    const { me, orderId } = await placed(2, code);
    await shop.db.update(users).set({ rut: "1.020.304.050", documentType: "CC" }).where(eq(users.email, me.email));
    expect((await confirm(orderId)).status).toBe(200);
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
    const [invoice] = await shop.db.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));

    const text = pdfText((await orderInvoicePdf(pdfDeps(), orderId, null, { compress: false })).pdf);
    const money = (minor: number) => formatPrice(minor, "COP", "es_CO");
    expect(text).toContain("Factura de venta");
    expect(text).toContain(`CO-F-${String(invoice!.number).padStart(8, "0")}`);
    expect(text).toContain("Rodamos Transportes S.A.S.");
    expect(text).toContain("NIT 901.234.567-8");
    // The document under the type the buyer chose; the tax under its name in the selling country.
    expect(text).toContain("Cédula de ciudadanía: 1.020.304.050");
    expect(text).toContain("Festival Sonidos de la Sabana");
    expect(text).toContain(`Descuentos: -${money(order!.subtotal - order!.total)}`);
    expect(text).toContain(`IVA (19 %): ${money(taxIn(order!.total, 1900))}`);
    expect(text).toContain(`Base sin impuesto: ${money(order!.total - taxIn(order!.total, 1900))}`);
    expect(text).toContain(`Total: ${money(order!.total)}`);

    // The mail with the tickets carries it.
    const withTickets = (await shop.mailsTo(me.email)).filter((mail) => (mail.attachments ?? []).some((file) => file.contentType === "application/pdf"));
    expect(withTickets).toHaveLength(1);
    const attached = withTickets[0]!.attachments!.find((file) => file.contentType === "application/pdf")!;
    expect(attached.filename).toBe(`CO-F-${String(invoice!.number).padStart(8, "0")}.pdf`);
    expect(Buffer.from(attached.content, "base64").subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // The buyer downloads it; another customer cannot; staff can.
    const own = await shop.app.request(`/shop-api/orders/${orderId}/invoice`, { headers: { authorization: `Bearer ${me.token}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("content-disposition")).toContain(".pdf");
    expect(Buffer.from(await own.arrayBuffer()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const other = await shop.buyer();
    expect((await shop.call("GET", `/shop-api/orders/${orderId}/invoice`, undefined, { token: other.token })).status).toBe(404);
    expect((await shop.app.request(`/shop-api/staff/orders/${orderId}/invoice`, { headers: { authorization: `Bearer ${staff.token}` } })).status).toBe(200);

    // A refund of one passenger: a credit note for that ticket's value, naming the invoice it corrects.
    const desk = (await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${orderId}`, undefined, { token: staff.token })).body.data;
    const refund = await shop.call<RefundAnswer>("POST", `/shop-api/staff/orders/${orderId}/refund`, { reasonCode: "service_issue", reason: "Falla", passengerIds: [desk.tickets[0]!.passengers[0]!.id] }, { token: staff.token });
    const note = pdfText((await creditNotePdf(pdfDeps(), orderId, refund.body.data.id, null, { compress: false })).pdf);
    expect(note).toContain("Nota crédito");
    expect(note).toContain(`Corrige la factura: CO-F-${String(invoice!.number).padStart(8, "0")}`);
    expect(note).toContain("Motivo: Problema con el servicio");
    expect(note).toContain(`Total: ${money(refund.body.data.amount)}`);
    const ownNote = await shop.app.request(`/shop-api/orders/${orderId}/credit-notes/${refund.body.data.id}`, { headers: { authorization: `Bearer ${me.token}` } });
    expect(ownNote.headers.get("content-type")).toBe("application/pdf");
  });

  it("has none for an order not paid, and documents the download as application/pdf", async () => {
    const { me, orderId } = await placed(1);
    expect((await shop.call("GET", `/shop-api/orders/${orderId}/invoice`, undefined, { token: me.token })).status).toBe(404);
    const document = (await shop.call<Record<string, unknown>>("GET", "/api/openapi.json")).body as unknown as { paths: Record<string, { get: { responses: Record<string, { content?: Record<string, unknown> }> } }> };
    expect(Object.keys(document.paths["/shop-api/orders/{id}/invoice"]!.get.responses["200"]!.content!)).toEqual(["application/pdf"]);
  });
});

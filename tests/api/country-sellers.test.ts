/**
 * Each country its own company, account and documents: a Spanish transfer order is told to pay the Spanish company's
 * account (IBAN and BIC) on the payment answer, in its mail and on the account's order page, never Colombia's; its
 * invoice is the Spanish company's with Spain's IVA, a Peruvian one carries IGV; the buyer's document is printed
 * with the type they chose, or under the plain word when they chose none; COUNTRY_SELLERS names each company.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "../../src/server/db/schema";
import { orderInvoicePdf } from "../../src/server/services/invoices/invoices";
import type { ShopContext } from "../../src/server/context";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };

const PERU_SELLER = {
  legalName: "Traslados Rodamos Perú S.A.C.",
  taxIdKind: "RUC",
  taxId: "20601234567",
  address: "Av. Arequipa 500, Lima",
  accounts: [{ bank: "Interbank", type: "Cuenta corriente", number: "200-3001234567", holder: "Traslados Rodamos Perú S.A.C.", holderId: "20601234567", email: "pagos@rodamos.pe" }],
};

beforeAll(async () => {
  shop = await openTestShop({ env: { COUNTRY_SELLERS: JSON.stringify({ PE: PERU_SELLER }) } });
  staff = await shop.buyer("staff");
});
afterAll(() => shop?.close());

async function firstEventOf(country: string): Promise<string> {
  const [row] = await shop.db.select({ slug: events.slug }).from(events).where(eq(events.countryCode, country)).orderBy(events.id).limit(1);
  return row!.slug;
}

/** A transfer purchase of one ticket of the first event of a country. */
async function transferOrder(country: string, site: string) {
  const offer = await eventOffer(shop.db, await firstEventOf(country));
  const variant = offer.typed(offer.variants[0]!.provinceId)[0] ?? offer.variants[0]!;
  const me = await shop.buyer();
  const body = purchaseBody(offer, [variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia" });
  body.url = `${site}/event/${offer.event.slug}`;
  const started = await shop.call<Record<string, string> & { orderId: number }>("POST", "/shop-api/init-payment", body, { token: me.token });
  expect(started.status).toBe(201);
  return { me, started: started.body.data };
}

/** The text of a PDF rendered uncompressed (pdfkit writes glyphs as hex in TJ arrays). */
function pdfText(pdf: Buffer): string {
  return [...pdf.toString("latin1").matchAll(/\[((?:<[0-9a-f]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/gi)]
    .map((match) => [...match[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((hex) => Buffer.from(hex[1]!, "hex").toString("latin1")).join(""))
    .join("\n");
}
const invoiceText = async (orderId: number) => pdfText((await orderInvoicePdf({ db: shop.db, env: shop.env } as unknown as ShopContext, orderId, null, { compress: false })).pdf);

describe("a Spanish transfer order", () => {
  it("is told to pay the Spanish company's IBAN, on the payment answer, in its mail and on its order page", async () => {
    const { me, started } = await transferOrder("ES", "/es/es-es");
    expect(started).toMatchObject({ bankName: "CaixaBank", iban: "ES00 0000 0000 0000 0000 0000", bic: "CAIXESBBXXX", holder: "Rodamos España S.L.", dni: "B00000000" });
    expect(started.accountId).toBeUndefined();
    expect(JSON.stringify(started)).not.toContain("Bancolombia");

    const [mail] = (await shop.mailsTo(me.email)).filter((one) => one.subject.includes(String(started.orderId)));
    expect(mail!.text).toContain("ES00 0000 0000 0000 0000 0000");
    expect(mail!.text).toContain("CAIXESBBXXX");
    expect(mail!.text).not.toContain("Bancolombia");
    expect(mail!.text).not.toContain("900.000.000-0");

    const detail = await shop.call<{ event: { countryCode: string; timeZone: string }; transfer: Record<string, string> }>("GET", `/shop-api/order-detail/${started.orderId}`, undefined, { token: me.token });
    expect(detail.body.data.event).toMatchObject({ countryCode: "ES", timeZone: "Europe/Madrid" });
    expect(detail.body.data.transfer).toMatchObject({ iban: "ES00 0000 0000 0000 0000 0000", bic: "CAIXESBBXXX", holder: "Rodamos España S.L." });
  });

  it("is invoiced by the Spanish company with Spain's IVA, and the buyer's document under the type they chose", async () => {
    const { me, started } = await transferOrder("ES", "/es/es-es");
    const profile = await shop.call("PUT", "/shop-api/me", { email: me.email, firstName: "Lucía", lastName: "Martín", phoneNumber: "573001234567", rut: "X1234567L", documentType: "NIE", gender: "female" }, { token: me.token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ data: { documentType: "NIE", rut: "X1234567L" } });
    expect((await shop.call("POST", `/shop-api/staff/orders/${started.orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
    const text = await invoiceText(started.orderId);
    expect(text).toContain("Rodamos España S.L.");
    expect(text).toContain("NIF B00000000");
    expect(text).toContain("IVA (21 %)");
    expect(text).toContain("NIE: X1234567L");
    expect(text).not.toContain("Rodamos S.A.S.");
    expect(text).not.toContain("DNI / Pasaporte");
  });
});

describe("each country's company and tax", () => {
  it("invoices a Peruvian order by the company COUNTRY_SELLERS names, with IGV 18 %, and a document without a type under the plain word", async () => {
    const { me, started } = await transferOrder("PE", "/pe/es-pe");
    expect(started).toMatchObject({ bankName: "Interbank", accountId: "200-3001234567", holder: "Traslados Rodamos Perú S.A.C." });
    await shop.call("PUT", "/shop-api/me", { email: me.email, firstName: "Rosa", lastName: "Quispe", phoneNumber: "573001234567", rut: "44556677", gender: "female" }, { token: me.token });
    await shop.call("POST", `/shop-api/staff/orders/${started.orderId}/confirm-transfer`, undefined, { token: staff.token });
    const text = await invoiceText(started.orderId);
    expect(text).toContain("Traslados Rodamos Perú S.A.C.");
    expect(text).toContain("RUC 20601234567");
    expect(text).toContain("IGV (18 %)");
    expect(text).toContain("Documento: 44556677");
  });

  it("keeps Colombia's account and company for a Colombian order", async () => {
    const offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const me = await shop.buyer();
    const started = await shop.call<Record<string, string>>("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia" }), { token: me.token });
    expect(started.body.data).toMatchObject({ bankName: "Bancolombia", accountType: "Ahorros", accountId: "000-000000-00" });
    expect(started.body.data.iban).toBeUndefined();
  });

  it("refuses a document type no country takes", async () => {
    const me = await shop.buyer();
    const answer = await shop.call("PUT", "/shop-api/me", { email: me.email, firstName: "A", lastName: "B", phoneNumber: "573001234567", rut: "1", documentType: "SSN", gender: "female" }, { token: me.token });
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toHaveProperty("documentType");
  });
});

/**
 * The gateway's side of reconciliation (issue 44 §6): finance uploads MercadoPago's released-money report and the
 * period's reconciliation answers each MercadoPago capture with what the gateway settled (amount, fee, release time),
 * flags a settled amount other than the shop's, a line the shop has no payment of, and a capture the file should
 * have settled and does not; CSV and XLSX carry the same with typed cells. A file that is not the report, too large
 * or not text is refused before it is read; staff only.
 */
import { read as readWorkbook, utils as sheetUtils } from "@e965/xlsx";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "../../src/server/db/schema";
import { wallClock } from "../../src/server/services/order-desk/order-exports";
import { timeZoneOf } from "../../src/shared/format/dates";
import type { Reconciliation } from "../../src/shared/schemas/answers/reconciliation";
import { approveInSimulator } from "../helpers/browser";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };
let period: string;
const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  staff = await shop.buyer("staff");
  const today = wallClock(new Date(), timeZoneOf("CO")).slice(0, 10);
  period = `from=${dayAfter(today, -1)}&to=${dayAfter(today, 1)}`;
});
afterAll(async () => {
  await shop?.close();
});

/** A Colombian festival seat paid with MercadoPago (its simulator), and the payment row. */
async function paidByMercadoPago() {
  const offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = offer.typed(offer.variants[0]!.provinceId).find((v) => v.capacity === 1)!;
  const me = await shop.buyer();
  const body = purchaseBody(offer, [variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "mercadopago" });
  const answer = await shop.call<{ orderId: number; preference_id?: string }>("POST", "/shop-api/init-payment", body, { token: me.token });
  expect(answer.status).toBe(201);
  await approveInSimulator(shop.origin, "mercadopago", answer.body.data);
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, answer.body.data.orderId));
  expect(order!.state).toBe("paid");
  const [payment] = await shop.db.select().from(payments).where(eq(payments.orderId, order!.id));
  return { order: order!, payment: payment! };
}

const HEADER = "DATE,SOURCE_ID,EXTERNAL_REFERENCE,RECORD_TYPE,DESCRIPTION,NET_CREDIT_AMOUNT,NET_DEBIT_AMOUNT,GROSS_AMOUNT,MP_FEE_AMOUNT,FINANCING_FEE_AMOUNT,SHIPPING_FEE_AMOUNT,TAXES_AMOUNT,COUPON_AMOUNT,INSTALLMENTS,PAYMENT_METHOD";
/** A release line as the report writes it: amounts in pesos with two decimals, the fee negative. */
const release = (at: Date, id: string, gross: number, fee: number, reference = "") =>
  [at.toISOString().replace(/\.\d{3}Z$/, "Z"), id, reference, "release", "payment", (gross - fee).toFixed(2), "0.00", gross.toFixed(2), (-fee).toFixed(2), "0.00", "0.00", "0.00", "0.00", "1", "visa"].join(",");

async function upload(csv: string | Buffer, query = `${period}&gateway=mercadopago&currency=COP`, token = staff.token) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(typeof csv === "string" ? Buffer.from(csv) : csv)], "release-report.csv", { type: "text/csv" }));
  return shop.app.request(`/shop-api/staff/reports/reconciliation/settlement?${query}`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } }, { incoming: { socket: { remoteAddress: "10.0.0.9" } } });
}

describe("POST /shop-api/staff/reports/reconciliation/settlement", () => {
  it("sets MercadoPago's released money against the shop's captures: settled, fee, date, and the three findings", async () => {
    const settledOk = await paidByMercadoPago();
    const settledShort = await paidByMercadoPago();
    const neverSettled = await paidByMercadoPago();
    const inAMonth = new Date(Date.now() + 30 * 86_400_000);
    const csv = [
      HEADER,
      ["2026-11-01T00:00:00Z", "", "", "initial_available_balance", "", "0.00", "0.00", "0.00", "0.00", "", "", "", "", "", ""].join(","),
      release(inAMonth, settledOk.payment.providerReference!, settledOk.payment.amount, 1234, String(settledOk.order.id)),
      release(inAMonth, settledShort.payment.providerReference!, settledShort.payment.amount - 1000, 990),
      release(inAMonth, "999000111", 45000, 2000),
    ].join("\n");
    const response = await upload(csv);
    expect(response.status).toBe(200);
    const report = ((await response.json()) as { data: Reconciliation }).data;
    const movementOf = (orderId: number) => report.movements.find((one) => one.orderId === orderId && one.kind === "payment")!;

    expect(movementOf(settledOk.order.id)).toMatchObject({ settledAmount: settledOk.payment.amount, settledFee: 1234, finding: null });
    expect(movementOf(settledOk.order.id).settledAt).toBe(inAMonth.toISOString().replace(/\.\d{3}Z$/, ".000Z"));
    expect(movementOf(settledShort.order.id)).toMatchObject({ settledAmount: settledShort.payment.amount - 1000, finding: "settled_amount_differs" });
    // Captured today, the file releases up to a month later: past the 21 days, and not in it.
    expect(movementOf(neverSettled.order.id)).toMatchObject({ settledAmount: null, finding: "not_settled" });
    expect(report.unknownSettlements).toEqual([expect.objectContaining({ gatewayId: "999000111", gross: 45000, fee: 2000, currency: "COP", line: 5 })]);
    expect(report.settlement).toMatchObject({ gateway: "mercadopago", currency: "COP", lines: 3 });
    expect(report.findings).toBeGreaterThanOrEqual(3);

    // Within the term (the file's last release is today), an unsettled capture is not flagged yet.
    const early = await upload([HEADER, release(new Date(), settledOk.payment.providerReference!, settledOk.payment.amount, 10)].join("\n"));
    const earlyReport = ((await early.json()) as { data: Reconciliation }).data;
    expect(earlyReport.movements.find((one) => one.orderId === neverSettled.order.id)!.finding).toBeNull();
  });

  it("answers CSV and XLSX with the settled columns typed and the unknown line last; a semicolon report reads the same", async () => {
    const paid = await paidByMercadoPago();
    const at = new Date(Date.now() + 86_400_000);
    const csv = [HEADER, release(at, paid.payment.providerReference!, paid.payment.amount, 500), release(at, "999000222", 1000, 10)].join("\n").replaceAll(",", ";");
    const file = await upload(csv, `${period}&gateway=mercadopago&currency=COP&format=xlsx`);
    expect(file.status).toBe(200);
    const book = readWorkbook(new Uint8Array(await file.arrayBuffer()));
    const rows = sheetUtils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
    const mine = rows.find((row) => row["Pedido"] === paid.order.id)!;
    // COP is written in whole pesos (no minor units).
    expect(mine["Liquidado por la pasarela"]).toBe(paid.payment.amount);
    expect(mine["Comisión cobrada"]).toBe(500);
    expect(rows.at(-1)).toMatchObject({ "Id. en la pasarela": "999000222", Diferencia: "Liquidado por la pasarela y desconocido para la tienda" });

    const text = await upload(csv, `${period}&gateway=mercadopago&currency=COP&format=csv`);
    expect(text.status).toBe(200);
    expect(await text.text()).toContain("Fecha de liquidación");
  });

  it("refuses a file that is not the report, not text or too large, and a caller who is not staff", async () => {
    const refusal = async (response: Response) => ({ status: response.status, body: (await response.json()) as { code: string; message: string } });
    const missing = await refusal(await upload("DATE,SOURCE_ID,RECORD_TYPE\n2026-12-01T00:00:00Z,1,release\n"));
    expect(missing.status).toBe(422);
    expect(missing.body.code).toBe("settlement_file_unreadable");
    expect(missing.body.message).toContain("GROSS_AMOUNT");
    expect((await refusal(await upload(Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0])))).body.code).toBe("settlement_file_unreadable");
    const badAmount = await refusal(await upload([HEADER, release(new Date(), "1", 100, 1).replace("100.00", "=HYPERLINK(1)")].join("\n")));
    expect(badAmount.body.code).toBe("settlement_file_unreadable");
    expect((await upload(Buffer.alloc(3 * 1024 * 1024, 0x41))).status).toBe(413);
    expect((await upload(HEADER, `${period}&gateway=webpay&currency=CLP`)).status).toBe(422);
    const customer = await shop.buyer();
    expect((await upload(HEADER, undefined, customer.token)).status).toBe(403);
  });
});

/**
 * Orders and passengers exported for a spreadsheet (CSV and XLSX) of an event date or a search: what buyers typed
 * never runs as a formula, whatever it begins with; staff only.
 */
import { read as readWorkbook, utils as sheetUtils } from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExportTable } from "../../src/shared/schemas/answers/order-desk";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };
let orderId: number;
let eventDateId: number;

const ATTACKS = { name: "-2+3+cmd|' /C calc'!A0", address: '+1+HYPERLINK("http://evil.example","x")', email: "eve@example.com" };

beforeAll(async () => {
  shop = await openTestShop();
  staff = await shop.buyer("staff");
  const offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
  const me = await shop.buyer();
  const body = purchaseBody(offer, [variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia" });
  body.tickets[0]!.passengers = [{ name: ATTACKS.name, email: ATTACKS.email, phone: "3001234567", passengerAddress: ATTACKS.address }];
  const answer = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: me.token });
  orderId = answer.body.data.orderId;
  eventDateId = offer.eventDateId;
});
afterAll(async () => {
  await shop?.close();
});

const exportOf = (query: string, token = staff.token) => shop.app.request(`/shop-api/staff/exports?${query}`, { headers: { authorization: `Bearer ${token}` } });

describe("GET /shop-api/staff/exports", () => {
  it("answers the passengers of an event date as a table, and as CSV with every formula-looking cell neutralized", async () => {
    const json = await shop.call<ExportTable>("GET", `/shop-api/staff/exports?kind=passengers&eventDateId=${eventDateId}`, undefined, { token: staff.token });
    expect(json.status).toBe(200);
    expect(json.body.data.columns).toContain("Pasajero");
    expect(json.body.data.rows.some((row) => row[0] === orderId && row.includes(ATTACKS.name))).toBe(true);

    const csv = await exportOf(`kind=passengers&format=csv&q=${encodeURIComponent(ATTACKS.email)}`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(cells).toContain("'-2+3+cmd|' /C calc'!A0");
    expect(cells).toContain(`"'+1+HYPERLINK(""http://evil.example"",""x"")"`);
    // No cell of the file begins with a formula character.
    expect(cells.every((cell) => !/^"?[=+\-@\t\r]/.test(cell))).toBe(true);
  });

  it("answers XLSX whose text cells hold what was typed, as text (no apostrophe to see) and never a formula", async () => {
    const xlsx = await exportOf(`kind=passengers&format=xlsx&q=${encodeURIComponent(ATTACKS.email)}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = readWorkbook(new Uint8Array(await xlsx.arrayBuffer()), { cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = sheetUtils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows[1]).toContain(ATTACKS.name);
    expect(rows[1]).toContain(ATTACKS.address);
    const typed = Object.values(sheet).filter((cell): cell is { t: string; v: unknown } => typeof cell === "object" && cell !== null && "v" in cell);
    expect(typed.filter((cell) => cell.v === ATTACKS.name || cell.v === ATTACKS.address).map((cell) => cell.t)).toEqual(["s", "s"]);
    expect(Object.values(sheet).filter((cell) => typeof cell === "object" && cell !== null && "f" in cell)).toEqual([]);
  });

  it("exports orders of a search, one line each", async () => {
    const json = await shop.call<ExportTable>("GET", `/shop-api/staff/exports?q=${orderId}`, undefined, { token: staff.token });
    expect(json.body.data.rows.map((row) => row[0])).toContain(orderId);
    expect(json.body.data.columns[0]).toBe("Pedido");
  });

  it("is for staff only", async () => {
    const customer = await shop.buyer();
    expect((await exportOf("format=csv", customer.token)).status).toBe(403);
    expect((await shop.app.request("/shop-api/staff/exports")).status).toBe(401);
  });
});

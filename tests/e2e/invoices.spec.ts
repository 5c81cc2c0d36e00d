/**
 * A customer downloads the invoice of what they bought: they pay two seats with Mercado Pago, open the purchase in
 * their account and download its invoice, a PDF whose text carries the invoice's number (the file's name) and the
 * order's.
 */
import { readFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { expect, test } from "./reused-page";
import { openPurchase, paidTwoSeats } from "./booking-helpers";
import { watchConsole } from "./content-helpers";

/** The text a PDF shows: each content stream inflated, its TJ arrays' hex glyphs read as Latin-1 (pdfkit's standard fonts). */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const streams = [...source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((match) => {
    const bytes = Buffer.from(match[1]!, "latin1");
    try {
      return inflateSync(bytes).toString("latin1");
    } catch {
      return match[1]!;
    }
  });
  return streams
    .flatMap((stream) => [...stream.matchAll(/\[((?:<[0-9a-f]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/gi)])
    .map((match) => [...match[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((hex) => Buffer.from(hex[1]!, "hex").toString("latin1")).join(""))
    .join("\n");
}

test("a customer downloads an invoice from the purchase's detail", async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const { orderId } = await paidTwoSeats(page, request);

  await openPurchase(page, orderId);
  const detail = page.getByTestId("purchase-detail");
  const [download] = await Promise.all([page.waitForEvent("download"), detail.getByRole("button", { name: "Descargar factura (PDF)" }).click()]);

  // The file is named by the invoice's number, from Colombia's sequence.
  const fileName = download.suggestedFilename();
  expect(fileName).toMatch(/^CO-F-\d{8}\.pdf$/);
  const number = fileName.replace(/\.pdf$/, "");
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = pdfText(pdf);
  expect(text).toContain("Factura de venta");
  expect(text).toContain(number);
  expect(text).toContain(String(orderId));
  expect(text).toContain("Festival Sonidos de la Sabana");
  expect(errors).toEqual([]);
});

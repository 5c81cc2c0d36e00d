/**
 * MercadoPago's released-money report read to settlement lines: its release lines of payments and refunds, amounts in
 * minor units, the fee positive; balance lines skipped; a file without the report's columns, not text, or with an
 * amount that is not a number refused naming why.
 */
import { describe, expect, it } from "vitest";
import { readMercadoPagoReleases } from "./mercadopago-settlement";
import { SettlementFileError } from "./settlement-line";

const HEADER = "DATE,SOURCE_ID,EXTERNAL_REFERENCE,RECORD_TYPE,DESCRIPTION,NET_CREDIT_AMOUNT,NET_DEBIT_AMOUNT,GROSS_AMOUNT,MP_FEE_AMOUNT";
const csv = (...lines: string[]) => Buffer.from([HEADER, ...lines].join("\r\n"));

describe("readMercadoPagoReleases", () => {
  it("reads released payments and refunds, skipping balance lines", () => {
    const lines = readMercadoPagoReleases(
      csv(
        "2026-12-01T00:00:00Z,,,initial_available_balance,,0.00,0.00,0.00,0.00",
        "2026-12-05T10:00:00-05:00,123456,ord-7,release,payment,48766.00,0.00,50000.00,-1234.00",
        "2026-12-06T10:00:00-05:00,123456,ord-7,release,refund,0.00,20000.00,20000.00,0.00",
        "2026-12-31T00:00:00Z,,,total,,48765.50,20000.00,,",
      ),
      "COP",
    );
    expect(lines).toEqual([
      { gatewayId: "123456", kind: "payment", gross: 50000, fee: 1234, net: 48766, settledAt: "2026-12-05T15:00:00.000Z", reference: "ord-7", line: 3 },
      { gatewayId: "123456", kind: "refund", gross: 20000, fee: 0, net: 20000, settledAt: "2026-12-06T15:00:00.000Z", reference: "ord-7", line: 4 },
    ]);
  });

  it("reads amounts in the currency's minor units (COP, CLP: whole pesos; MXN: centavos)", () => {
    expect(readMercadoPagoReleases(csv("2026-12-05T10:00:00Z,1,,release,payment,97.50,0,100.25,-2.75"), "MXN")).toMatchObject([{ gross: 10025, fee: 275, net: 9750 }]);
  });

  it("reads a semicolon report", () => {
    const text = [HEADER, "2026-12-05T10:00:00Z;9;;release;payment;14000;0;15000;-1000"].join("\n").replaceAll(",", ";");
    expect(readMercadoPagoReleases(Buffer.from(text), "CLP")).toMatchObject([{ gatewayId: "9", gross: 15000, fee: 1000, net: 14000 }]);
  });

  it("refuses a file without the report's columns, one that is not text, and an amount that is not a number", () => {
    const detail = (bytes: Buffer) => {
      try {
        readMercadoPagoReleases(bytes, "COP");
      } catch (error) {
        return error instanceof SettlementFileError ? error.detail : "other";
      }
      return "read";
    };
    expect(detail(Buffer.from("DATE,SOURCE_ID\n"))).toMatch(/^missing:.*GROSS_AMOUNT/);
    expect(detail(Buffer.from([0x50, 0x4b, 3, 4]))).toBe("not_text");
    expect(detail(Buffer.from("a\u0000b"))).toBe("not_text");
    expect(detail(csv("2026-12-05T10:00:00Z,1,,release,payment,1,0,=1+1,0"))).toBe("GROSS_AMOUNT:2");
    expect(detail(csv("yesterday,1,,release,payment,1,0,1,0"))).toBe("DATE:2");
  });
});

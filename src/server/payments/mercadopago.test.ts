import { describe, expect, it } from "vitest";
import { toMajorUnits, toMinorUnits } from "./amounts";
import { outcomeOfPayment } from "./mercadopago";

describe("MercadoPago payment status", () => {
  it("treats only approved as paid", () => {
    expect(outcomeOfPayment("approved").outcome).toBe("approved");
    expect(outcomeOfPayment("rejected").outcome).toBe("rejected");
    expect(outcomeOfPayment("cancelled").outcome).toBe("cancelled");
    expect(outcomeOfPayment("refunded").outcome).toBe("cancelled");
    expect(outcomeOfPayment("charged_back").outcome).toBe("cancelled");
    for (const waiting of ["pending", "in_process", "authorized", "in_mediation"]) expect(outcomeOfPayment(waiting).outcome).toBe("pending");
  });
});

describe("provider amounts", () => {
  it("convert between the shop's minor units and the providers' major units per currency", () => {
    expect(toMajorUnits(120_000, "COP")).toBe(120_000);
    expect(toMajorUnits(1250, "EUR")).toBe(12.5);
    expect(toMinorUnits(12.5, "eur")).toBe(1250);
    expect(toMinorUnits(19.99, "MXN")).toBe(1999);
  });
});

import { describe, expect, it } from "vitest";
import { readRejection, rejectedHref, rejectionReason, REJECTION_TEXT } from "./rejection";

describe("the reason a refused purchase gives /order-rejected", () => {
  it("groups the refusal codes the shop knows into what the buyer is told", () => {
    expect(rejectionReason("stock_exhausted")).toBe("sold_out");
    expect(rejectionReason("discount_used_up")).toBe("discount");
    expect(rejectionReason("discount_expired")).toBe("discount");
    expect(rejectionReason("payment_gateway_refused")).toBe("payment_refused");
    expect(rejectionReason("payment_gateway_unavailable")).toBe("payment_refused");
  });

  it("has no reason for a missing, unknown or inherited code (the generic text stays)", () => {
    for (const code of [undefined, null, "", "validation_failed", "hold_expired", "payment_cancelled", "toString", "__proto__", "constructor"]) expect(rejectionReason(code)).toBeUndefined();
  });

  it("names a catalogue text of its own for each reason", () => {
    const keys = Object.values(REJECTION_TEXT);
    expect(new Set(keys).size).toBe(keys.length);
    expect(REJECTION_TEXT.sold_out).toBe("pages.payment.rejected_sold_out");
  });

  it("carries the code and the event in the address, and reads back only what it wrote", () => {
    const href = rejectedHref("/cl/es-cl", "stock_exhausted", "festival-sonidos-de-la-sabana");
    expect(href).toBe("/cl/es-cl/order-rejected?reason=stock_exhausted&event=festival-sonidos-de-la-sabana");
    expect(readRejection(href.split("?")[1]!)).toEqual({ reason: "sold_out", eventSlug: "festival-sonidos-de-la-sabana" });
    expect(rejectedHref("", null, null)).toBe("/order-rejected");
    expect(readRejection("?reason=stock_exhausted&event=..%2Fadmin")).toEqual({ reason: "sold_out", eventSlug: undefined });
    expect(readRejection("")).toEqual({ reason: undefined, eventSlug: undefined });
  });
});

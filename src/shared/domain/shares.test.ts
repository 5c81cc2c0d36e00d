import { describe, expect, it } from "vitest";
import { shareStateOf } from "./shares";
import { isQuoteSettled } from "./private-events";

describe("a share's state follows its order", () => {
  it("is pending while awaiting, paid when paid, released once the order ended unpaid", () => {
    expect(shareStateOf("awaiting_payment")).toBe("pending");
    expect(shareStateOf("awaiting_transfer_payment")).toBe("pending");
    expect(shareStateOf("paid")).toBe("paid");
    expect(shareStateOf("expired")).toBe("released");
    expect(shareStateOf("cancelled")).toBe("released");
  });
});

describe("a quote lets the invitations go", () => {
  it("only once paid, invoiced, paid by each guest or waived", () => {
    expect(isQuoteSettled("quoted")).toBe(false);
    expect(isQuoteSettled(null)).toBe(false);
    for (const state of ["paid", "invoiced", "guests_pay", "waived"]) expect(isQuoteSettled(state)).toBe(true);
  });
});

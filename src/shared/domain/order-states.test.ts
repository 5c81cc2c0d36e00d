import { describe, expect, it } from "vitest";
import { isAwaiting, stateLook } from "./order-states";

describe("order states", () => {
  it("shows both awaiting states as Pending, paid green, cancelled red and any other state dark green", () => {
    expect(stateLook("awaiting_payment")).toEqual({ tone: "pending", label: "account.state.pending" });
    expect(stateLook("awaiting_transfer_payment")).toEqual({ tone: "pending", label: "account.state.pending" });
    expect(stateLook("paid")).toEqual({ tone: "paid", label: "account.state.paid" });
    expect(stateLook("cancelled")).toEqual({ tone: "cancelled", label: "account.state.cancelled" });
    expect(stateLook("expired")).toEqual({ tone: "other", label: "account.state.expired" });
    expect(stateLook("refunded")).toEqual({ tone: "other", label: "account.state.other" });
  });

  it("holds seats only while awaiting a payment", () => {
    expect(isAwaiting("awaiting_payment")).toBe(true);
    expect(isAwaiting("awaiting_transfer_payment")).toBe(true);
    expect(isAwaiting("paid")).toBe(false);
    expect(isAwaiting("expired")).toBe(false);
  });
});

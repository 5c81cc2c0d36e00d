import { describe, expect, it } from "vitest";
import { isAllowedPaymentTransition, PAYMENT_STATE, PAYMENT_STATES, PAYMENT_TRANSITIONS } from "../../../shared/domain/payment-states";

describe("a payment's transitions", () => {
  it("allow the documented changes and no others", () => {
    expect(isAllowedPaymentTransition("approve", PAYMENT_STATE.created, PAYMENT_STATE.approved)).toBe(true);
    expect(isAllowedPaymentTransition("approve", PAYMENT_STATE.expired, PAYMENT_STATE.approved)).toBe(true);
    // Money given back is never taken again by a late or repeated capture.
    expect(isAllowedPaymentTransition("approve", PAYMENT_STATE.refunded, PAYMENT_STATE.approved)).toBe(false);
    // A repeated answer with another amount does not undo a payment that took the money.
    expect(isAllowedPaymentTransition("mismatch", PAYMENT_STATE.approved, PAYMENT_STATE.amount_mismatch)).toBe(false);
    expect(isAllowedPaymentTransition("refuse", PAYMENT_STATE.approved, PAYMENT_STATE.rejected)).toBe(false);
    expect(isAllowedPaymentTransition("refuse", PAYMENT_STATE.created, PAYMENT_STATE.approved)).toBe(false);
    expect(isAllowedPaymentTransition("expire", PAYMENT_STATE.approved, PAYMENT_STATE.expired)).toBe(false);
    expect(isAllowedPaymentTransition("refund", PAYMENT_STATE.created, PAYMENT_STATE.refunded)).toBe(false);
    expect(isAllowedPaymentTransition("refund_duplicate", PAYMENT_STATE.approved, PAYMENT_STATE.duplicate_refunded)).toBe(false);
    for (const rule of Object.values(PAYMENT_TRANSITIONS)) for (const state of [...rule.from, ...rule.to]) expect(PAYMENT_STATES).toContain(state);
  });

  it("end where money went back: nothing leaves refunded or duplicate_refunded", () => {
    const leaving = (state: string) => Object.entries(PAYMENT_TRANSITIONS).filter(([, rule]) => (rule.from as readonly string[]).includes(state));
    expect(leaving(PAYMENT_STATE.refunded)).toEqual([]);
    expect(leaving(PAYMENT_STATE.duplicate_refunded)).toEqual([]);
    // A duplicate capture only ever goes back.
    expect(leaving(PAYMENT_STATE.duplicate).map(([change]) => change)).toEqual(["refund_duplicate"]);
  });
});

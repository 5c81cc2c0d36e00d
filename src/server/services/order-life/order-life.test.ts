import { describe, expect, it } from "vitest";
import { isAllowedTransition, ORDER_STATE, ORDER_STATES, ORDER_TRANSITIONS } from "../../../shared/domain/order-states";

// The one-writer check of orders.state (and of the other states) is src/server/services/state-writers.test.ts.

describe("the transitions' table", () => {
  it("allows only the documented changes", () => {
    expect(isAllowedTransition("pay", ORDER_STATE.awaiting_payment, ORDER_STATE.paid)).toBe(true);
    expect(isAllowedTransition("pay", ORDER_STATE.expired, ORDER_STATE.paid)).toBe(true);
    expect(isAllowedTransition("pay", ORDER_STATE.paid, ORDER_STATE.paid)).toBe(false);
    expect(isAllowedTransition("expire", ORDER_STATE.paid, ORDER_STATE.expired)).toBe(false);
    expect(isAllowedTransition("expire", ORDER_STATE.awaiting_transfer_payment, ORDER_STATE.expired)).toBe(true);
    expect(isAllowedTransition("refund", ORDER_STATE.awaiting_payment, ORDER_STATE.cancelled)).toBe(false);
    expect(isAllowedTransition("cancel", ORDER_STATE.cancelled, ORDER_STATE.cancelled)).toBe(false);
    expect(isAllowedTransition("choose_method", ORDER_STATE.awaiting_payment, ORDER_STATE.paid)).toBe(false);
    // Nothing leaves a cancelled order but a payment that arrived for it.
    const fromCancelled = Object.entries(ORDER_TRANSITIONS).filter(([, rule]) => (rule.from as readonly string[]).includes(ORDER_STATE.cancelled));
    expect(fromCancelled.map(([change]) => change)).toEqual(["pay"]);
    for (const rule of Object.values(ORDER_TRANSITIONS)) for (const state of [...rule.from, ...rule.to]) expect(ORDER_STATES).toContain(state);
  });
});

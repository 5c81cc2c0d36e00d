import { describe, expect, it } from "vitest";
import { shownWaitingState, WAITING_STATE } from "./waiting-list";

describe("what a waiting-list place shows", () => {
  it("is lapsed when it bought through its offer and the order ended unpaid", () => {
    expect(shownWaitingState(WAITING_STATE.booked, { state: "expired", paidAt: null })).toBe("lapsed");
    expect(shownWaitingState(WAITING_STATE.booked, { state: "cancelled", paidAt: null })).toBe("lapsed");
  });

  it("stays booked while the order waits for its payment, once paid, and when a paid order is refunded", () => {
    expect(shownWaitingState(WAITING_STATE.booked, { state: "awaiting_payment", paidAt: null })).toBe("booked");
    expect(shownWaitingState(WAITING_STATE.booked, { state: "paid", paidAt: "2026-12-06T10:00:00Z" })).toBe("booked");
    expect(shownWaitingState(WAITING_STATE.booked, { state: "cancelled", paidAt: "2026-12-06T10:00:00Z" })).toBe("booked");
    expect(shownWaitingState(WAITING_STATE.booked, null)).toBe("booked");
  });

  it("leaves every other state as it is", () => {
    for (const state of [WAITING_STATE.waiting, WAITING_STATE.offered, WAITING_STATE.expired, WAITING_STATE.left]) {
      expect(shownWaitingState(state, { state: "expired", paidAt: null })).toBe(state);
    }
  });
});

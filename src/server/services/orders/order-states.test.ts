import { describe, expect, it } from "vitest";
import { holdExpiry } from "./order-states";

const env = { PAYMENT_TIMEOUT_MINUTES: 20, TRANSFER_HOLD_HOURS: 48 };
const now = new Date("2026-03-01T12:00:00Z");
const hoursAfter = (date: Date | null) => (date!.getTime() - now.getTime()) / 3_600_000;
const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe("a transfer's hold", () => {
  it("is TRANSFER_HOLD_HOURS when the event is far away", () => {
    expect(hoursAfter(holdExpiry("awaiting_transfer_payment", now, env, inHours(24 * 30)))).toBe(48);
  });

  it("shrinks to half the time left as the event nears, never below a card payment's", () => {
    expect(hoursAfter(holdExpiry("awaiting_transfer_payment", now, env, inHours(48)))).toBe(24);
    expect(hoursAfter(holdExpiry("awaiting_transfer_payment", now, env, inHours(6)))).toBe(3);
    expect(hoursAfter(holdExpiry("awaiting_transfer_payment", now, env, inHours(0.25))) * 60).toBe(20);
  });

  it("leaves card payments and paid orders as they were", () => {
    expect(hoursAfter(holdExpiry("awaiting_payment", now, env, inHours(1))) * 60).toBe(20);
    expect(holdExpiry("paid", now, env, inHours(1))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./backoff";

describe("outbox retry delay", () => {
  it("doubles from 5 s and stops growing at an hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(11)).toBe(60 * 60_000);
    expect(retryDelayMs(40)).toBe(60 * 60_000);
  });
});

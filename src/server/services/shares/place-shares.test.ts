import { describe, expect, it } from "vitest";
import { shareDeadline } from "./place-shares";

describe("the shares' deadline", () => {
  it("holds the seats 24 hours, never past the date's start", () => {
    const now = new Date("2030-01-01T12:00:00Z");
    expect(shareDeadline(now, new Date("2030-01-10T00:00:00Z")).toISOString()).toBe("2030-01-02T12:00:00.000Z");
    expect(shareDeadline(now, new Date("2030-01-01T20:00:00Z")).toISOString()).toBe("2030-01-01T20:00:00.000Z");
  });
});

/** `npm test`'s printed times (scripts/lib/durations.ts): rounded once, so the seconds never reach 60. */
import { describe, expect, it } from "vitest";
import { formatCpu, formatDuration } from "./durations";

describe("stage times", () => {
  it("rounds to the nearest second before splitting minutes from seconds", () => {
    expect(formatDuration(0)).toBe("0 min 00 s");
    expect(formatDuration(59.4)).toBe("0 min 59 s");
    expect(formatDuration(59.5)).toBe("1 min 00 s");
    expect(formatDuration(119.6)).toBe("2 min 00 s");
    expect(formatDuration(1085.2)).toBe("18 min 05 s");
    expect(formatDuration(566)).toBe("9 min 26 s");
  });

  it("never prints 60 seconds", () => {
    const sixty: string[] = [];
    for (let tenths = 0; tenths < 36_000; tenths += 1) if (formatDuration(tenths / 10).endsWith(" 60 s")) sixty.push(formatDuration(tenths / 10));
    expect(sixty).toEqual([]);
  });

  it("prints CPU-seconds whole, with thousands separated", () => {
    expect(formatCpu(1347.6)).toBe("1,348 s");
    expect(formatCpu(86.6)).toBe("87 s");
  });
});

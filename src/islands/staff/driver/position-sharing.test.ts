import { describe, expect, it } from "vitest";
import type { DriverRun } from "../../../shared/schemas/answers/dispatch";
import { runUnderWay } from "./position-sharing";

const run = (id: number, from: string, until: string) => ({ id, sharing: { from, until } }) as DriverRun;

describe("runUnderWay", () => {
  const runs = [run(1, "2026-12-01T10:00:00Z", "2026-12-01T15:00:00Z"), run(2, "2026-12-01T18:00:00Z", "2026-12-01T23:00:00Z")];
  it("is the run whose sharing window holds the instant, edges included, and none between or after runs", () => {
    expect(runUnderWay(runs, Date.parse("2026-12-01T09:59:59Z"))).toBeNull();
    expect(runUnderWay(runs, Date.parse("2026-12-01T10:00:00Z"))?.id).toBe(1);
    expect(runUnderWay(runs, Date.parse("2026-12-01T15:00:00Z"))?.id).toBe(1);
    expect(runUnderWay(runs, Date.parse("2026-12-01T16:00:00Z"))).toBeNull();
    expect(runUnderWay(runs, Date.parse("2026-12-01T20:00:00Z"))?.id).toBe(2);
    expect(runUnderWay(runs, Date.parse("2026-12-02T00:00:00Z"))).toBeNull();
  });
});

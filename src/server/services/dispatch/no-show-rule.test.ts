import { describe, expect, it } from "vitest";
import { noShowRefusal, type NoShowCase } from "./no-shows";

const at = (minutes: number) => new Date(Date.UTC(2026, 11, 30, 12, 0) + minutes * 60_000);
const base: NoShowCase = { leg: "outbound", published: at(0), arrived: at(-10), distanceMeters: 50, at: at(3), override: false };
const code = (one: Partial<NoShowCase>) => noShowRefusal({ ...base, ...one }, 3, "America/Bogota")?.code ?? null;

describe("the no-show rule", () => {
  it("counts the wait from the later of the arrival and the published time", () => {
    expect(code({})).toBeNull();
    expect(code({ at: at(2) })).toBe("no_show_too_early");
    // Arrived late: the wait starts then.
    expect(code({ arrived: at(5), at: at(7) })).toBe("no_show_too_early");
    expect(code({ arrived: at(5), at: at(8) })).toBeNull();
  });

  it("going out, needs the driver's arrival at the stop; coming back, waits at the venue from the departure", () => {
    expect(code({ arrived: null, at: at(60) })).toBe("no_show_too_early");
    expect(code({ leg: "return", arrived: null, at: at(3) })).toBeNull();
    expect(code({ leg: "return", arrived: null, at: at(1) })).toBe("no_show_too_early");
  });

  it("needs the van near the stop unless the driver confirms", () => {
    expect(code({ distanceMeters: 5_000 })).toBe("no_show_far_from_stop");
    expect(code({ distanceMeters: null })).toBe("no_show_far_from_stop");
    expect(code({ distanceMeters: 5_000, override: true })).toBeNull();
    // An override never shortens the wait.
    expect(code({ at: at(1), override: true })).toBe("no_show_too_early");
  });
});

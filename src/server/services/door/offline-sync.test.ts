/** Two doors that both let a passenger in offline: the earlier scan stands, the other is reported beside it. */
import { describe, expect, it } from "vitest";
import { settleTwoScans, type Scanned } from "./offline-sync";

const scan = (minute: number, nonce: string, staffName: string): Scanned => ({
  at: new Date(Date.UTC(2026, 11, 12, 19, minute)),
  staffId: minute,
  staffName,
  nonce,
});

describe("settleTwoScans", () => {
  it("keeps the standing check-in when the scan arriving now is later, and reports the later one", () => {
    const standing = scan(0, "door-a", "Pedro Portero");
    const late = scan(5, "door-b", "Olga Otra");
    expect(settleTwoScans(standing, late)).toEqual({ kept: standing, other: late, replace: false });
  });

  it("puts an earlier scan that arrives later in the check-in's place, and reports the one that stood", () => {
    const standing = scan(5, "door-a", "Pedro Portero");
    const early = scan(1, "door-b", "Olga Otra");
    expect(settleTwoScans(standing, early)).toEqual({ kept: early, other: standing, replace: true });
  });

  it("keeps the standing one on a tie: a conflict never moves a check-in for nothing", () => {
    const standing = scan(3, "door-a", "Pedro Portero");
    expect(settleTwoScans(standing, scan(3, "door-b", "Olga Otra")).replace).toBe(false);
  });
});

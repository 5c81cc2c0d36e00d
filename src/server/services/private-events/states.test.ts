import { describe, expect, it } from "vitest";
import { isEditable, nextState, STATES_OF_LIST, visibleState } from "./states";

describe("private event states", () => {
  it("allows only the documented transitions", () => {
    expect(nextState("saved", "send")).toBe("under_review");
    expect(nextState("under_review", "approve")).toBe("approved");
    expect(nextState("under_review", "reject")).toBe("rejected");
    expect(nextState("under_review", "cancel")).toBe("cancelled");
    expect(nextState("saved", "approve")).toBeNull();
    expect(nextState("approved", "reject")).toBeNull();
    expect(nextState("rejected", "approve")).toBeNull();
    expect(nextState("finished", "send")).toBeNull();
    expect(nextState("under_review", "send")).toBeNull();
  });

  it("reads an approved private event as finished once its event has ended", () => {
    const end = new Date("2030-01-01T04:00:00Z");
    expect(visibleState("approved", end, new Date("2030-01-01T03:59:59Z"))).toBe("approved");
    expect(visibleState("approved", end, end)).toBe("finished");
    expect(visibleState("under_review", end, new Date("2031-01-01T00:00:00Z"))).toBe("under_review");
  });

  it("lets the owner edit only before staff decide", () => {
    expect(isEditable("saved")).toBe(true);
    expect(isEditable("under_review")).toBe(true);
    for (const state of ["approved", "rejected", "finished", "cancelled"] as const) expect(isEditable(state)).toBe(false);
  });

  it("lists saved private events with the ones under review", () => {
    expect(STATES_OF_LIST["2"]).toContain("saved");
    expect(STATES_OF_LIST["1"]).toEqual(["approved"]);
    expect(STATES_OF_LIST["4"]).toEqual(["finished"]);
  });
});

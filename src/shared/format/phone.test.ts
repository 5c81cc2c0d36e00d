import { describe, expect, it } from "vitest";
import { joinPhone, splitPhone } from "./phone";

describe("passenger phone", () => {
  it("reads a stored number back into calling code and national number", () => {
    expect(splitPhone("573001234567", "57")).toEqual({ code: "57", national: "3001234567" });
    expect(splitPhone("+56 9 1234 5678", "57")).toEqual({ code: "56", national: "912345678" });
  });

  it("keeps the default code for a number typed without one", () => {
    expect(splitPhone("912345678", "57")).toEqual({ code: "57", national: "912345678" });
    expect(splitPhone("", "57")).toEqual({ code: "57", national: "" });
  });

  it("joins digits only, and nothing when no number was typed", () => {
    expect(joinPhone("57", "300 123-4567")).toBe("573001234567");
    expect(joinPhone("57", "")).toBe("");
  });
});

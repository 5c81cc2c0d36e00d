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
    expect(joinPhone("57", "300 123-4567")).toBe("+573001234567");
    expect(joinPhone("57", "")).toBe("");
  });
});

describe("a phone typed key by key", () => {
  it("keeps the number as typed: the value reads back into the same code and number after each key", () => {
    let value = "";
    for (const key of "3001234567") {
      const { code, national } = splitPhone(value, "57");
      value = joinPhone(code, national + key);
    }
    expect(value).toBe("+573001234567");
    expect(splitPhone(value, "57")).toEqual({ code: "57", national: "3001234567" });
  });

  it("keeps a picked code while its number is still short", () => {
    expect(splitPhone(joinPhone("56", "9"), "57")).toEqual({ code: "56", national: "9" });
    expect(splitPhone(joinPhone("593", "99"), "57")).toEqual({ code: "593", national: "99" });
  });
});

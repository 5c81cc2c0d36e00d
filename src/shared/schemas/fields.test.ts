import { describe, expect, it } from "vitest";
import { digitsUpTo, numberParam } from "./fields";

describe("digitsUpTo", () => {
  it("matches exactly the decimal numbers 1..max", () => {
    const id = new RegExp(digitsUpTo(2_147_483_647));
    for (const taken of ["1", "9", "10", "999999999", "1999999999", "2147483647"]) expect(id.test(taken)).toBe(true);
    for (const refused of ["0", "01", "2147483648", "9999999999", "-1", "1.5", ""]) expect(id.test(refused)).toBe(false);
    const page = new RegExp(digitsUpTo(100));
    expect(["1", "99", "100"].every((text) => page.test(text))).toBe(true);
    expect(["0", "101", "1000"].some((text) => page.test(text))).toBe(false);
  });

  it("says of a query number what the schema takes", () => {
    const limit = numberParam(100);
    const pattern = new RegExp(digitsUpTo(100));
    for (const text of ["1", "50", "100", "101", "0", "007"]) expect(limit.safeParse(text).success).toBe(text === "007" || pattern.test(text));
  });
});

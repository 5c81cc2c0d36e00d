import { describe, expect, it } from "vitest";
import { isDbId, MAX_DB_ID, parseDbId } from "./ids";

describe("database ids", () => {
  it("reads a path id up to the int4 limit", () => {
    expect(parseDbId("7")).toBe(7);
    expect(parseDbId(" 42 ")).toBe(42);
    expect(parseDbId(String(MAX_DB_ID))).toBe(2_147_483_647);
  });

  it("names no row for zero, past the int4 limit, or anything that is not digits", () => {
    for (const raw of ["0", "2147483648", "99999999999", "-1", "1.5", "1e3", "abc", "", undefined]) expect(parseDbId(raw)).toBeNull();
  });

  it("checks numbers the same way", () => {
    expect(isDbId(1)).toBe(true);
    expect(isDbId(MAX_DB_ID + 1)).toBe(false);
    expect(isDbId(0)).toBe(false);
    expect(isDbId(2.5)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { csvLine, neutralizeCell } from "./formula-safe";

describe("formula-safe cells", () => {
  it("neutralizes every formula lead and leaves other text alone", () => {
    for (const lead of ["=", "+", "-", "@", "\t", "\r"]) expect(neutralizeCell(`${lead}SUM(A1)`)).toBe(`'${lead}SUM(A1)`);
    expect(neutralizeCell("Ana María")).toBe("Ana María");
  });

  it("quotes separators and keeps numbers as numbers", () => {
    expect(csvLine(["=HYPERLINK(\"x\")", "a,b", 3])).toBe(`"'=HYPERLINK(""x"")","a,b",3`);
  });
});

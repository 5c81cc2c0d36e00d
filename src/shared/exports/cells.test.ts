import { describe, expect, it } from "vitest";
import { csvCell, csvText, formulaSafe } from "./cells";

describe("formula-safe export cells", () => {
  it("quotes with an apostrophe every text a spreadsheet would run as a formula", () => {
    for (const attack of ["=1+1", "-2+3+cmd|' /C calc'!A0", "+1+HYPERLINK(\"http://x\")", "@SUM(A1)", "\t=1", "\r=1", "+573001234567", "-"]) {
      expect(formulaSafe(attack)).toBe(`'${attack}`);
    }
  });

  it("leaves ordinary text and numbers alone", () => {
    expect(formulaSafe("Ana Gómez")).toBe("Ana Gómez");
    expect(formulaSafe(-2)).toBe(-2);
    expect(formulaSafe(65000)).toBe(65000);
    expect(formulaSafe(null)).toBe("");
  });

  it("writes CSV fields quoted when they hold separators, quotes or line breaks", () => {
    expect(csvCell('Calle 1, "casa"')).toBe('"Calle 1, ""casa"""');
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvText([["a", 1], ["=b", -1]])).toBe("\uFEFFa,1\r\n'=b,-1\r\n");
  });
});

import { describe, expect, it } from "vitest";
import { creditNoteLines, lineAmount } from "./credit-note-lines";

const labels = { kept: "Retenido", rest: "Resto del pago" };
const sum = (lines: ReturnType<typeof creditNoteLines>) => lines.reduce((total, line) => total + lineAmount(line), 0);

describe("a credit note's lines", () => {
  it("are left alone when they already add up to the total", () => {
    const lines = [{ description: "Van", price: 45_000, discount: 5_000 }];
    expect(creditNoteLines(lines, 40_000, labels)).toEqual(lines);
  });

  it("get a negative line for what the refund kept", () => {
    const lines = creditNoteLines([{ description: "Van", price: 45_000, discount: 0 }], 12_345, labels);
    expect(lines.at(-1)).toEqual({ description: "Retenido", price: -32_655, discount: 0 });
    expect(sum(lines)).toBe(12_345);
  });

  it("get a positive line for money given back beyond the tickets listed", () => {
    const lines = creditNoteLines([{ description: "Van", price: 14_000, discount: 0 }], 15_400, labels);
    expect(lines.at(-1)).toEqual({ description: "Resto del pago", price: 1_400, discount: 0 });
    expect(sum(lines)).toBe(15_400);
  });

  it("say the whole amount when no ticket is listed", () => {
    expect(sum(creditNoteLines([], 9_000, labels))).toBe(9_000);
  });
});

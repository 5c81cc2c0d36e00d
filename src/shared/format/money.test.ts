import { describe, expect, it } from "vitest";
import { formatMoney, formatPrice } from "./money";

describe("formatMoney", () => {
  it("shows COP with a dot for thousands and no decimals", () => {
    expect(formatPrice(120000, "COP")).toBe("COP 120.000");
    expect(formatPrice(1250000, "COP")).toBe("COP 1.250.000");
    expect(formatPrice(900, "COP")).toBe("COP 900");
  });
  it("uses a comma for decimals", () => {
    expect(formatMoney(1250, "EUR", 2, "es_ES")).toBe("EUR 12,50");
    expect(formatMoney(123456789, "MXN", 2, "es_MX")).toBe("MXN 1.234.567,89");
  });
  it("keeps the spec's separators on the English site too", () => {
    expect(formatPrice(36000, "COP", "en_US")).toBe("COP 36.000");
    expect(formatMoney(125000, "USD", 2, "en_US")).toBe("USD 1.250,00");
    expect(formatPrice(-1250000, "COP", "en_US")).toBe("COP -1.250.000");
  });
});

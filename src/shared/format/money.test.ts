import { describe, expect, it } from "vitest";
import { formatMoney, formatNumber, formatPercent, formatPrice } from "./money";

describe("formatMoney", () => {
  it("shows COP with a dot for thousands and no decimals", () => {
    expect(formatPrice(120000, "COP")).toBe("COP 120.000");
    expect(formatPrice(1250000, "COP")).toBe("COP 1.250.000");
    expect(formatPrice(900, "COP")).toBe("COP 900");
  });
  it("writes each currency as its country does, the code first where the country puts it first", () => {
    expect(formatPrice(12000, "CLP", "es_CL")).toBe("CLP 12.000");
    expect(formatPrice(35000, "MXN", "es_MX")).toBe("MXN 350.00");
    expect(formatMoney(123456789, "MXN", 2, "es_MX")).toBe("MXN 1,234,567.89");
    expect(formatPrice(4500, "PEN", "es_CO")).toBe("PEN 45.00");
    expect(formatPrice(1800, "EUR", "es_ES")).toBe("18,00 €");
    expect(formatPrice(1234550, "EUR", "es_ES")).toBe("12.345,50 €");
  });
  it("keeps the country's separators on the English and Portuguese sites too", () => {
    expect(formatPrice(36000, "COP", "en_US")).toBe("COP 36.000");
    expect(formatPrice(35000, "MXN", "pt_BR")).toBe("MXN 350.00");
    expect(formatMoney(125000, "USD", 2, "en_US")).toBe("USD 1,250.00");
  });
  it("puts a minus on the amount, not before the currency", () => {
    expect(formatPrice(-1250000, "COP", "en_US")).toBe("COP -1.250.000");
    expect(formatPrice(-1800, "EUR", "es_ES")).toBe("-18,00 €");
  });
});

describe("formatPercent and formatNumber", () => {
  it("writes a percentage the way each language does", () => {
    expect(formatPercent(33.33, "es_CO")).toBe("33,33 %");
    expect(formatPercent(10, "es_MX")).toBe("10 %");
    expect(formatPercent(33.33, "en_US")).toBe("33.33%");
    expect(formatPercent(12.5, "pt_BR")).toBe("12,5%");
  });
  it("groups numbers in the page's locale", () => {
    expect(formatNumber(1234.5, "es_CO")).toBe("1.234,5");
    expect(formatNumber(1234.5, "en_US")).toBe("1,234.5");
  });
});

import { describe, expect, it } from "vitest";
import { settlesCurrency } from "./currencies";

describe("currencies a gateway settles", () => {
  it("Webpay settles Chilean pesos only", () => {
    expect(settlesCurrency("webpay", "CLP")).toBe(true);
    expect(settlesCurrency("webpay", "COP")).toBe(false);
    expect(settlesCurrency("webpay", "EUR")).toBe(false);
  });
  it("MercadoPago settles Latin American currencies, not euros; a transfer takes any", () => {
    expect(settlesCurrency("mercadopago", "cop")).toBe(true);
    expect(settlesCurrency("mercadopago", "EUR")).toBe(false);
    expect(settlesCurrency("transferencia", "EUR")).toBe(true);
  });
});

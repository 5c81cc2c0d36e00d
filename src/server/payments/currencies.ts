/**
 * Which currencies each gateway settles. Webpay Plus charges Chilean pesos (Transbank's commerce codes settle
 * CLP; USD needs a special contract the shop does not have); MercadoPago charges the local currency of the
 * countries it operates in. A transfer or an organiser-funded order takes any currency.
 */
import type { PaymentCode } from "./types";

const SETTLED: Partial<Record<PaymentCode, readonly string[]>> = {
  webpay: ["CLP"],
  mercadopago: ["ARS", "BRL", "CLP", "COP", "MXN", "PEN", "UYU"],
};

export function settlesCurrency(code: PaymentCode, currency: string): boolean {
  const settled = SETTLED[code];
  return settled === undefined || settled.includes(currency.toUpperCase());
}

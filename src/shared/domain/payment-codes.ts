/**
 * The payment methods a purchase may name: a card through Webpay or Mercado Pago, a bank transfer staff confirm
 * by hand, or prepaid (the organiser funds the seats, nothing is charged). The `orders.payment_code` column is
 * bound to `PAYMENT_CODES`.
 */
export const PAYMENT_CODE = { webpay: "webpay", mercadopago: "mercadopago", transferencia: "transferencia", prepagado: "prepagado" } as const;
export const PAYMENT_CODES = [PAYMENT_CODE.webpay, PAYMENT_CODE.mercadopago, PAYMENT_CODE.transferencia, PAYMENT_CODE.prepagado] as const;
export type PaymentCode = (typeof PAYMENT_CODES)[number];

export function isPaymentCode(value: unknown): value is PaymentCode {
  return typeof value === "string" && (PAYMENT_CODES as readonly string[]).includes(value);
}

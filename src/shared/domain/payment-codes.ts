/** The payment methods a purchase may name. */
export const PAYMENT_CODES = ["webpay", "mercadopago", "transferencia", "prepagado"] as const;
export type PaymentCode = (typeof PAYMENT_CODES)[number];

export function isPaymentCode(value: unknown): value is PaymentCode {
  return typeof value === "string" && (PAYMENT_CODES as readonly string[]).includes(value);
}

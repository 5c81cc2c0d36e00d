/** The server's rules on order states (the states themselves: src/shared/domain/order-states.ts). */
import { ORDER_STATE, type OrderState } from "../../../shared/domain/order-states";
import type { PaymentCode } from "../../../shared/domain/payment-codes";

export { AWAITING_STATES, isAwaiting, type OrderState } from "../../../shared/domain/order-states";

/**
 * The state a new order starts in for each method: a card payment waits for the gateway, a transfer for staff
 * to validate it, and an organiser-funded order is paid from the start. (A free order starts paid whatever the
 * method.) The payment adapters do not say it again.
 */
export const INITIAL_STATE: Record<PaymentCode, OrderState> = {
  webpay: ORDER_STATE.awaiting_payment,
  mercadopago: ORDER_STATE.awaiting_payment,
  transferencia: ORDER_STATE.awaiting_transfer_payment,
  prepagado: ORDER_STATE.paid,
};

/**
 * When an unpaid order lets its seats go: card payments get PAYMENT_TIMEOUT_MINUTES (the MercadoPago preference
 * expires with it), transfers TRANSFER_HOLD_HOURS (the buyer transfers, then staff validate within 24 h), but never
 * more than half the time left before the event starts (nor less than a card payment's): seats held unpaid for two
 * days the week of the event would be lost to buyers who would pay now.
 */
export function holdExpiry(
  state: OrderState,
  now: Date,
  env: { PAYMENT_TIMEOUT_MINUTES: number; TRANSFER_HOLD_HOURS: number },
  eventStart?: Date,
): Date | null {
  const cardHold = env.PAYMENT_TIMEOUT_MINUTES * 60_000;
  if (state === ORDER_STATE.awaiting_payment) return new Date(now.getTime() + cardHold);
  if (state === ORDER_STATE.awaiting_transfer_payment) {
    const halfTheWait = eventStart ? (eventStart.getTime() - now.getTime()) / 2 : Number.POSITIVE_INFINITY;
    return new Date(now.getTime() + Math.max(cardHold, Math.min(env.TRANSFER_HOLD_HOURS * 3_600_000, halfTheWait)));
  }
  return null;
}

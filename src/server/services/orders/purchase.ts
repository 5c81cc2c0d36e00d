/**
 * POST /shop-api/init-payment (issue 4 section 2): check everything, take the seats in one transaction, then
 * start the payment with the method's adapter and answer the spec's payment response plus the order id.
 * The gateway is called after the transaction commits, so no lock is held while a provider answers; if it
 * cannot start, the order is cancelled at once and its seats go back on sale.
 */
import type { Locale } from "../../../shared/locales";
import type { PaymentStartAnswer, Purchase } from "../../../shared/schemas/purchase";
import type { AppDeps } from "../../http/context";
import { paymentAdapters } from "../../payments";
import { pick } from "../catalog/rows";
import { holdExpiry, INITIAL_STATE, type OrderState } from "./order-states";
import { sendOrderNotice } from "./order-notices";
import { recordStart } from "./payment-records";
import { notificationUrl, returnUrl, sitePrefixOf } from "./payment-links";
import { placeOrder } from "./place-order";
import { checkPurchase } from "./purchase-checks";
import { cancelOrder, expireHolds } from "./release";

export interface Buyer {
  id: number;
  email: string;
}

export async function purchase(deps: AppDeps, buyer: Buyer, body: Purchase, locale: Locale): Promise<PaymentStartAnswer> {
  const now = (deps.now ?? (() => new Date()))();
  // Mark this event's run-out holds first, so their discount uses come back before this one is checked.
  await expireHolds(deps.db, now, { eventOfDateId: body.eventDateId });
  const plan = await checkPurchase(deps.db, buyer.id, body, now);

  // Nothing to charge (a full discount): the order is paid as it is placed, as an organiser-funded one is.
  const state: OrderState = plan.totals.total === 0 ? "paid" : INITIAL_STATE[plan.paymentCode];
  const order = await placeOrder(deps.db, plan, state, holdExpiry(state, now, deps.env), now);

  let response: Record<string, string | undefined> = {};
  if (state !== "paid" || plan.paymentCode === "prepagado") {
    try {
      const started = await paymentAdapters(deps).get(plan.paymentCode).start({
        orderId: order.id,
        amount: plan.totals.total,
        currency: plan.currency,
        buyerEmail: buyer.email,
        description: `Rodamos: ${pick(plan.event.name, locale)?.name ?? ""} (${plan.tickets.length} x ticket)`,
        returnUrl: returnUrl(deps.env, order.id, sitePrefixOf(body.url)),
        notificationUrl: notificationUrl(deps.env),
        locale,
      });
      response = { ...started.response };
      await recordStart(deps.db, order.id, started);
    } catch (error) {
      await cancelOrder(deps.db, order.id);
      throw error;
    }
  }

  if (order.state === "paid") await sendOrderNotice(deps, order.id, "confirmation");
  else if (order.state === "awaiting_transfer_payment") await sendOrderNotice(deps, order.id, "transfer_instructions");

  return {
    orderId: order.id,
    paymentCode: plan.paymentCode,
    state: order.state,
    holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null,
    ...response,
  };
}

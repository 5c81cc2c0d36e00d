/**
 * POST /shop-api/init-payment: check everything, start the payment with the method's adapter, then take the seats
 * and write the order with its started payment in one statement, and answer the payment response plus the order id.
 *
 * One commit per sale: the lookup draws the order's id, the gateway is asked with it before anything is written
 * (no lock is held while a provider answers), and the order, its seats and the payment row holding the gateway's
 * answer are committed together. A gateway that cannot start leaves nothing written. A buyer whose seats the
 * lookup already saw gone is refused before the gateway is asked; one who loses the last seats between the
 * lookup and the write leaves a gateway transaction nobody was shown, which expires unused.
 * The order's mail is queued in the order's own statement (src/server/outbox), so a crash after the commit still
 * sends it.
 */
import { ORDER_STATE } from "../../../shared/domain/order-states";
import type { Locale } from "../../../shared/locales";
import { ShopError, type ShopErrorCode } from "../../../shared/domain/shop-error";
import type { PaymentStartAnswer, Purchase } from "../../../shared/schemas/purchase";
import type { ShopContext } from "../../context";
import { pick } from "../catalogue/rows";
import { holdExpiry, INITIAL_STATE, type OrderState } from "../orders/order-states";
import { notificationUrl, returnUrl, sitePrefixOf } from "../orders/payment-links";
import { drawOrderId, placeOrder, type InTransaction } from "../orders/place-order";
import { checkPurchase, lookUpPurchase, type PurchasePlan } from "../purchase-checks/purchase-checks";
import { loadCaller } from "../../auth/caller";
import type { SessionClaims } from "../../auth/session-tokens";
import { expireHolds } from "../holds/end-unpaid-orders";
import { purchaseShared } from "../shares/place-shares";
import { expireOffers, linkOfferOrder, offerReturnedSeats, runningOffer as runningOfferOf, useOffer } from "../waiting-list/offers";
import { lockInvitedSeats } from "../invited-seats/guest-seats";
import type { Buyer } from "../orders/buyer";
import { PAYMENT_CODE } from "../../../shared/domain/payment-codes";
import type { PaymentStart } from "../../payments";

export type { Buyer };

/** Refusals that the event's run-out holds may cause. */
const RELEASABLE = new Set<ShopErrorCode>(["stock_exhausted", "discount_used_up", "guest_seats_exceeded"]);

/**
 * What the order's write shares its transaction with (orders/place-order.ts `inTransaction`): a private event's guest
 * locks their guest-list row and recounts what they hold (invited-seats), so two of their purchases at once cannot
 * both fit; the buyer's running waiting-list offer ends as the order takes its seats, which leave the offer's count
 * and enter the order's under one row lock, so nobody takes them between (waiting-list).
 */
function stepsWithTheOrder(plan: PurchasePlan, offer: number | null, now: Date): InTransaction | undefined {
  const guest = plan.guest;
  if (!guest && offer === null) return undefined;
  let offerUsed = false;
  return {
    before: async (tx) => {
      if (guest) await lockInvitedSeats(tx, guest, plan.tickets.length);
      offerUsed = offer !== null && (await useOffer(tx, offer, now));
    },
    after: async (tx, placed) => {
      if (offerUsed && offer !== null) await linkOfferOrder(tx, offer, placed.id);
    },
  };
}

/**
 * `claims`: the buyer's verified session token; its user is read and checked (`unauthorized`) with the date and the
 * variants, in the purchase's first statement. `origin`: where the buyer's browser is (origin.ts buyerOrigin), so
 * the payment comes back to their session.
 */
export async function purchase(deps: ShopContext, claims: SessionClaims, body: Purchase, locale: Locale, origin?: string): Promise<PaymentStartAnswer> {
  // Each passenger pays their own seat: one order per ticket, placed together (services/shares).
  if (body.shares) {
    const caller = await loadCaller(deps.db, claims);
    return purchaseShared(deps, { id: caller.id, email: caller.email }, body, locale, origin);
  }
  if (body.buyerPaysNone) throw new ShopError("shares_unavailable", { buyerPaysNone: "errors.shares_unavailable" });
  const now = deps.now();
  const lookup = await lookUpPurchase(deps.db, claims, body, now);
  const { caller, bookable, variantRows, runningOffer, lapsed, soldOut } = lookup;
  const buyer: Buyer = { id: caller.id, email: caller.email };
  let orderId = lookup.orderId;
  // The payment started for this order id; a second try of the write (below) reuses it when it asks the same.
  let opened: { total: number; start: PaymentStart } | null = null;
  const startPayment = async (id: number, plan: PurchasePlan): Promise<PaymentStart> => {
    if (opened?.total === plan.totals.total) return opened.start;
    const start = await deps.payments.get(plan.paymentCode).start({
      orderId: id,
      amount: plan.totals.total,
      currency: plan.currency,
      buyerEmail: buyer.email,
      description: `Rodamos: ${pick(plan.event.name, locale)?.name ?? ""} (${plan.tickets.length} x ticket)`,
      returnUrl: returnUrl(deps, id, sitePrefixOf(body.url), origin),
      notificationUrl: notificationUrl(deps.env),
      locale,
    });
    opened = { total: plan.totals.total, start };
    return start;
  };
  const place = async (offer: number | null, seatsChecked: boolean) => {
    const plan = await checkPurchase(deps.db, buyer.id, body, bookable, now, variantRows);
    // Seats the lookup already saw gone (a sold-out rush's many late buyers): refused without asking the gateway or
    // writing the order, which the seat count would refuse anyway. A waiting-list offer holds its own seats, so it
    // is always written.
    if (seatsChecked && soldOut && offer === null) throw new ShopError("stock_exhausted");
    // Nothing to charge (a full discount): the order is paid as it is placed, as an organiser-funded one is.
    const state: OrderState = plan.totals.total === 0 ? ORDER_STATE.paid : INITIAL_STATE[plan.paymentCode];
    const holdUntil = holdExpiry(state, now, deps.env, bookable.date.startDate);
    const holdCap = holdUntil ? deps.env.HOLD_SEATS_PER_ACCOUNT : null;
    orderId ??= await drawOrderId(deps.db);
    // A gateway that cannot start throws here, before anything is written.
    const start = state !== ORDER_STATE.paid || plan.paymentCode === PAYMENT_CODE.prepagado ? await startPayment(orderId, plan) : null;
    const order = await placeOrder(deps.db, plan, state, holdUntil, now, holdCap, { orderId, start }, stepsWithTheOrder(plan, offer, now));
    return { plan, offer, order, start };
  };
  let placed: Awaited<ReturnType<typeof place>>;
  try {
    placed = await place(runningOffer, true);
  } catch (error) {
    // Holds that ran out still count until they are marked expired (the sweeper does it every minute). Only when
    // that could change the answer (the lookup saw some): mark this event's, which gives back their seats and
    // discount uses, and try once more.
    if (!(error instanceof ShopError && RELEASABLE.has(error.code)) || !lapsed) throw error;
    const expired = (await expireHolds(deps.db, now, { eventId: bookable.event.id })).length + (await expireOffers(deps.db, now, { eventId: bookable.event.id })).length;
    if (expired === 0) throw error;
    // Seats that came back go to the event's waiting lists first; the buyer gets what is left.
    await offerReturnedSeats(deps, { eventId: bookable.event.id });
    // The buyer's own offer may be among those that ran out: it is asked for again.
    placed = await place(await runningOfferOf(deps.db, buyer.id, body.eventDateId, body.tickets.map((ticket) => ticket.productVariantId), now), false);
  }
  const { plan, order, offer, start } = placed;
  deps.catalogue.announce({ area: "stock", eventIds: [bookable.event.id] });
  // An offer bought in part gives the rest of its seats back: the next in line has their turn.
  if (offer !== null) await offerReturnedSeats(deps, { eventId: bookable.event.id });

  // Its mail (confirmation or transfer instructions) was queued with the order; deliver it now. A card payment's
  // order queued nothing: no delivery pass (and its query) for it.
  if (order.state === ORDER_STATE.paid || order.state === ORDER_STATE.awaiting_transfer_payment) deps.outbox.wake();

  return {
    orderId: order.id,
    paymentCode: plan.paymentCode,
    state: order.state,
    holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null,
    ...start?.response,
  };
}

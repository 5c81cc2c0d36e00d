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
import { sitePrefixOf } from "../../../shared/site-prefix";
import { ShopError, type ShopErrorCode } from "../../../shared/domain/shop-error";
import type { PaymentStartAnswer, Purchase } from "../../../shared/schemas/purchase";
import type { ShopContext } from "../../context";
import { pickTranslation } from "../../../shared/pick-translation";
import { placeOrder, type InTransaction, type PurchaseOpening } from "../orders/place-order";
import { checkPurchase, lookUpPurchase } from "../purchase-checks/purchase-checks";
import { loadCaller } from "../../auth/caller";
import type { SessionClaims } from "../../auth/session-tokens";
import { expireHolds } from "../holds/end-unpaid-orders";
import { purchaseShared } from "../shares/place-shares";
import { expireOffers, offerReturnedSeats, offerStep, runningOffer as runningOfferOf } from "../waiting-list/offers";
import type { Buyer } from "../orders/buyer";

export type { Buyer };

/** Refusals that the event's run-out holds may cause. */
const RELEASABLE = new Set<ShopErrorCode>(["stock_exhausted", "discount_used_up", "guest_seats_exceeded"]);

/**
 * `claims`: the buyer's verified session token; its user is read and checked (`unauthorized`) with the date and the
 * variants, in the purchase's first statement. `origin`: where the buyer's browser is (origin.ts buyerOrigin), so
 * the payment comes back to their session.
 *
 * The purchase walks its folders once, downwards: its lookup and checks (purchase-checks), then the orders base,
 * which prices the order, decides its state, hold and id, starts the payment and writes it (orders/place-order.ts).
 * What must share the order's transaction is handed to it as steps built by their own domains: the guest's seat
 * recount (invited-seats, through the checks) and the running waiting-list offer (waiting-list). Only a purchase
 * refused for seats that run-out holds still counted walks it again, after those are swept.
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
  // The order's id drawn with the lookup and the payment started for it: a second try reuses both.
  const opening: PurchaseOpening = { orderId: lookup.orderId };
  const payment = {
    description: `Rodamos: ${pickTranslation(bookable.event.translations, locale)?.name ?? ""} (${body.tickets.length} x ticket)`,
    prefix: sitePrefixOf(body.url),
    origin,
    locale,
  };
  const place = async (offer: number | null, firstTry: boolean) => {
    const order = firstTry ? lookup.order : await checkPurchase(deps.db, buyer.id, body, bookable, now, variantRows);
    const steps: InTransaction[] = [];
    if (order.guest) steps.push(order.guest.step);
    if (offer !== null) steps.push(offerStep(deps, offer, bookable.event.id, now));
    return placeOrder(deps, {
      order,
      now,
      buyerEmail: buyer.email,
      payment,
      opening,
      // A waiting-list offer holds its own seats, so it is always written.
      seatsSeenGone: firstTry && soldOut && offer === null,
      inTransaction: steps,
    });
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
  deps.catalogue.announce({ area: "stock", eventIds: [bookable.event.id] });

  // Its mail (confirmation or transfer instructions) was queued with the order; deliver it now. A card payment's
  // order queued nothing: no delivery pass (and its query) for it.
  if (placed.state === ORDER_STATE.paid || placed.state === ORDER_STATE.awaiting_transfer_payment) deps.outbox.wake();

  return {
    orderId: placed.id,
    paymentCode: placed.plan.paymentCode,
    state: placed.state,
    holdExpiresAt: placed.holdExpiresAt?.toISOString() ?? null,
    ...placed.start?.response,
  };
}

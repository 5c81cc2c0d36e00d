/**
 * A shared purchase (`shares: true`): each ticket becomes its own order, all written in one transaction so the
 * seats are taken together or not at all (the seat count refuses a sold-out seat, so a share for a seat that
 * does not exist can never be written). The buyer's order holds the first ticket and is paid now with the
 * chosen method; every other ticket is a share held until the deadline (SHARE_HOLD_HOURS, never past the date's
 * start), whose first passenger is sent a personal payment link. At the deadline unpaid shares are released.
 * With `buyerPaysNone` the first ticket is a share too (its own order names the purchase, as `buyer_order_id`,
 * so the buyer's detail lists every share and can pay any of them) and no payment is started now.
 */
import { createHash, randomBytes } from "node:crypto";
import { PAYMENT_TYPE } from "../../../shared/domain/event-kinds";
import { SHARE_HOLD_HOURS } from "../../../shared/domain/shares";
import { ShopError, type ShopErrorCode } from "../../../shared/domain/shop-error";
import type { Locale } from "../../../shared/locales";
import type { PaymentStartAnswer, Purchase } from "../../../shared/schemas/purchase";
import type { ShopContext } from "../../context";
import { paymentShares } from "../../db/schema";
import { enqueue } from "../../outbox/enqueue";
import { pick } from "../catalogue/rows";
import { holdExpiry, INITIAL_STATE } from "../orders/order-states";
import { notificationUrl, returnUrl, sitePrefixOf } from "../orders/payment-links";
import { recordStart } from "../orders/payment-records";
import { priceOrder, writeOrder, type PlacedOrder, type Priced } from "../orders/place-order";
import { checkPurchase, findBookableDate, type PurchaseCheck } from "../purchase-checks/purchase-checks";
import { cancelOrder, expireHolds } from "../holds/end-unpaid-orders";
import { byGateway } from "../order-life/order-life";
import { orderTotals } from "../orders/pricing";
import type { Buyer } from "../orders/buyer";
import { ORDER_STATE } from "../../../shared/domain/order-states";

const HOUR_MS = 3_600_000;
const RELEASABLE = new Set<ShopErrorCode>(["stock_exhausted"]);

export const hashShareToken = (token: string) => createHash("sha256").update(token).digest("hex");

type PurchasePlan = Priced<PurchaseCheck>;

/** One ticket of the plan as a plan of its own. */
function planOf(plan: PurchasePlan, index: number): PurchasePlan {
  const ticket = plan.tickets[index]!;
  return { ...plan, tickets: [ticket], totals: orderTotals([ticket]) };
}

/** The seats are held this long for the friends, never past the date's start (when sales of the date end). */
export function shareDeadline(now: Date, dateStart: Date): Date {
  return new Date(Math.min(now.getTime() + SHARE_HOLD_HOURS * HOUR_MS, dateStart.getTime()));
}

export async function purchaseShared(deps: ShopContext, buyer: Buyer, body: Purchase, locale: Locale, origin?: string): Promise<PaymentStartAnswer> {
  const now = deps.now();
  const bookable = await findBookableDate(deps.db, body.eventDateId, body.paymentCode, buyer.id, now);
  // Shares are for events each traveller pays (mass and alliance events), several tickets, no discount code.
  if (body.tickets.length < 2 || body.discountCode || bookable.event.requiresLogin || bookable.event.paymentType === PAYMENT_TYPE.organiser) {
    throw new ShopError("shares_unavailable", { shares: "errors.shares_unavailable" });
  }
  const deadline = shareDeadline(now, bookable.date.startDate);
  const payNone = body.buyerPaysNone === true;
  const place = async () => {
    const plan = await priceOrder(deps.db, await checkPurchase(deps.db, buyer.id, body, bookable, now), now);
    const state = INITIAL_STATE[plan.paymentCode];
    return deps.db.transaction(async (tx) => {
      const own = payNone
        ? await writeOrder(tx, planOf(plan, 0), ORDER_STATE.awaiting_payment, deadline, now)
        : await writeOrder(tx, planOf(plan, 0), state, holdExpiry(state, now, deps.env), now);
      const shares: { order: PlacedOrder; id: number; token: string }[] = [];
      for (let index = payNone ? 0 : 1; index < plan.tickets.length; index += 1) {
        const order = index === 0 ? own : await writeOrder(tx, planOf(plan, index), ORDER_STATE.awaiting_payment, deadline, now);
        const passenger = plan.tickets[index]!.passengers[0]!;
        const token = randomBytes(24).toString("base64url");
        const [share] = await tx
          .insert(paymentShares)
          .values({ buyerOrderId: own.id, orderId: order.id, tokenHash: hashShareToken(token), name: passenger.name, email: passenger.email, phone: passenger.phone || null, deadline })
          .returning({ id: paymentShares.id });
        await enqueue(tx, "share.invite", { shareId: share!.id, token, prefix: sitePrefixOf(body.url) });
        shares.push({ order, id: share!.id, token });
      }
      await enqueue(tx, "share.deadline", { buyerOrderId: own.id }, { runAt: deadline });
      return { plan, own, shares };
    });
  };
  let placed: Awaited<ReturnType<typeof place>>;
  try {
    placed = await place();
  } catch (error) {
    if (!(error instanceof ShopError && RELEASABLE.has(error.code))) throw error;
    if ((await expireHolds(deps.db, now, { eventId: bookable.event.id })).length === 0) throw error;
    placed = await place();
  }
  const { plan, own, shares } = placed;
  deps.catalogue.announce({ area: "stock", eventIds: [bookable.event.id] });
  deps.outbox.wake();
  // Nothing to charge now: every seat waits for its passenger's link (or the buyer paying it from the detail).
  if (payNone) return { orderId: own.id, paymentCode: plan.paymentCode, state: own.state, holdExpiresAt: deadline.toISOString(), sharesOnly: true };

  let response: Record<string, string | undefined> = {};
  try {
    const started = await deps.payments.get(plan.paymentCode).start({
      orderId: own.id,
      amount: orderTotals([plan.tickets[0]!]).total,
      currency: plan.currency,
      buyerEmail: buyer.email,
      description: `Rodamos: ${pick(plan.event.name, locale)?.name ?? ""} (1 x ticket)`,
      returnUrl: returnUrl(deps, own.id, sitePrefixOf(body.url), origin),
      notificationUrl: notificationUrl(deps.env),
      locale,
    });
    response = { ...started.response };
    await recordStart(deps.db, own.id, started);
  } catch (error) {
    // The buyer's payment cannot start: the whole shared purchase is called off, every seat back on sale.
    for (const order of [own, ...shares.map((share) => share.order)]) await cancelOrder(deps.db, order.id, byGateway(plan.paymentCode), "payment_not_started");
    deps.catalogue.announce({ area: "stock", eventIds: [bookable.event.id] });
    throw error;
  }
  return { orderId: own.id, paymentCode: plan.paymentCode, state: own.state, holdExpiresAt: own.holdExpiresAt?.toISOString() ?? null, ...response };
}

/**
 * Placing an order: the orders base decides everything that is the order's own and writes it.
 *
 * `placeOrder` takes a purchase its caller checked against the catalogue (services/purchase-checks/) and decides
 * the rest here, in one pass: the discount and the prices (read from the rows the checks read, never from the
 * client), the state it starts in (a free order is paid as it is placed), when its hold ends, its id (the one drawn
 * with the purchase's lookup, else a new one), the payment's start with the method's adapter (before anything is
 * written, with no lock held while the gateway answers), and then the write. So a purchase walks its folders once,
 * downwards: purchase → purchase-checks → orders, and orders calls nothing of the folders above it.
 *
 * The write (`writeOrder`) takes the seats and writes the order in ONE statement, one round trip, committed on its
 * own: the order, its tickets, passengers, address lines and payment row (carrying the gateway's answer from its
 * first version: a sale is one commit, the row is never updated only to note its start), the discount use (counted
 * only while below its limit), the purchase's entry in the order's history (services/order-life/) and the order's
 * mail in the outbox. Inserting the tickets raises `seat_counts.taken` for their subcategory and date (a trigger,
 * migrations 0005 and 0170), which refuses the whole statement with `stock_exhausted` when that would pass the variant's
 * stock; a used-up discount refuses it the same way. Row locks live only while the statement runs inside
 * PostgreSQL, never across a round trip to Node: N buyers for the last K seats get exactly K orders.
 *
 * An unpaid order is refused (`hold_limit_reached`) when its seats and those the account already holds unpaid for
 * the same date (holds still running) would pass `holdCap`, in the same statement. Two purchases of one account at
 * the very same instant may both pass it; the cap bounds what one account takes, it is not stock accounting.
 *
 * Steps of the domains above that must share the write's transaction are handed in as values those domains built
 * (`InTransaction`), so this base imports none of them: a private event's guest locks their guest-list row and
 * recounts what they hold (invited-seats), a waiting-list offer ends as the order takes its seats (waiting-list).
 */
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { AWAITING_STATES, ORDER_STATE } from "../../../shared/domain/order-states";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Db } from "../../db/client";
import { runStatement } from "../../db/statements";
import { currentRequestId } from "../../request-context";
import { purchaseHistoryCte } from "../order-life/order-life";
import type { PaymentCode, PaymentStart } from "../../payments";
import type { OrderNotice } from "../notices/order-notice";
import { startEntry } from "./payment-records";
import { holdExpiry, INITIAL_STATE, type OrderState } from "./order-states";
import type { Purchase } from "../../../shared/schemas/purchase";
import { orderTotals, priceTickets, type OrderTotals, type PricedVariant, type TicketPrice } from "./pricing";
import { findValidDiscount, type ValidDiscount } from "./discounts";
import { notificationUrl, returnUrl } from "./payment-links";
import { PAYMENT_CODE } from "../../../shared/domain/payment-codes";
import type { Locale } from "../../../shared/locales";
import type { ShopContext } from "../../context";

/** A checked, priced ticket as the order's write takes it (services/purchase-checks/ checks and prices it). */
export interface OrderTicket extends TicketPrice {
  placeId: number;
  passengers: Purchase["tickets"][number]["passengers"];
  addresses: Purchase["tickets"][number]["addresses"];
}

/** A ticket as the buyer asked for it, checked (services/purchase-checks/) but not yet priced. */
export interface CheckedTicket {
  productVariantId: number;
  placeId: number;
  passengers: Purchase["tickets"][number]["passengers"];
  addresses: Purchase["tickets"][number]["addresses"];
}

/** A purchase checked against the catalogue, as the orders base takes it to price and place (a `PurchaseCheck`). */
export interface CheckedOrder {
  userId: number;
  event: { id: number };
  eventDateId: number;
  /** When the date starts: an unpaid transfer's hold never runs past half the time left. */
  eventStart: Date;
  provinceId: number;
  currency: string;
  paymentCode: PaymentCode;
  tickets: CheckedTicket[];
  /** The list price of each subcategory asked for, as the checks read it from the database. */
  variants: ReadonlyMap<number, PricedVariant>;
  discountCode?: string | null;
}

/** What the order's write reads: a checked purchase with its discount and prices. */
export interface OrderPlan extends Omit<CheckedOrder, "tickets"> {
  tickets: OrderTicket[];
  discount: ValidDiscount | null;
  totals: OrderTotals;
}

/** A checked purchase priced: its discount code found and checked, each ticket's price, the totals. */
export type Priced<C extends CheckedOrder> = Omit<C, "tickets"> & Pick<OrderPlan, "tickets" | "discount" | "totals">;

/**
 * The discount (`discount_invalid`, `discount_expired`, `discount_used_up`, `discount_customer_limit`, and
 * `discount_not_applicable` when it covers none of the subcategories asked for) and the prices of each ticket.
 */
export async function priceOrder<C extends CheckedOrder>(db: Db, checked: C, now: Date): Promise<Priced<C>> {
  const variantIds = checked.tickets.map((ticket) => ticket.productVariantId);
  let discount: ValidDiscount | null = null;
  if (checked.discountCode) {
    discount = await findValidDiscount(db, checked.discountCode, checked.event.id, now, "discountCode", checked.userId);
    if (!variantIds.some((id) => discount!.prices.has(id))) throw new ShopError("discount_not_applicable", { discountCode: "errors.discount_not_applicable" });
  }
  const prices = priceTickets(variantIds, checked.variants, discount?.prices);
  return {
    ...checked,
    tickets: checked.tickets.map((ticket, index) => ({ ...prices[index]!, placeId: ticket.placeId, passengers: ticket.passengers, addresses: ticket.addresses })),
    discount,
    totals: orderTotals(prices),
  };
}

/**
 * A domain's steps inside the order's transaction: `before` the write, and `after` it with the order placed (either
 * throwing rolls the order back); `committed`, once the order is committed.
 */
export interface InTransaction {
  before?: (tx: Db) => Promise<void>;
  after?: (tx: Db, placed: PlacedOrder) => Promise<void>;
  committed?: () => Promise<void>;
}

export interface PlacedOrder {
  id: number;
  state: OrderState;
  holdExpiresAt: Date | null;
}

/** The mail a new order sends, queued with it: paid at once -> confirmation, a transfer -> its instructions. */
function noticeOnPlacing(state: OrderState): OrderNotice | null {
  if (state === ORDER_STATE.paid) return "confirmation";
  if (state === ORDER_STATE.awaiting_transfer_payment) return "transfer_instructions";
  return null;
}

/** An order id of its own, for a purchase whose lookup drew none (it saw the seats gone, then tried again). */
export async function drawOrderId(db: Db): Promise<number> {
  const [row] = await runStatement<{ id: number | string }>(db, "select nextval('orders_id_seq') as id", []);
  return Number(row!.id);
}

/** The order's id drawn before the write, and its payment as started then (null: nothing to start). */
export interface Opening {
  orderId: number;
  start: PaymentStart | null;
}

/**
 * What a purchase keeps between its tries (a second try follows when run-out holds were swept): the order id drawn
 * with its lookup (null: none drawn), and the payment started for it, which a second try asking the same amount
 * reuses instead of opening another gateway transaction.
 */
export interface PurchaseOpening {
  orderId: number | null;
  started?: { orderId: number; total: number; start: PaymentStart };
}

export interface OrderRequest<C extends CheckedOrder = CheckedOrder> {
  order: C;
  now: Date;
  buyerEmail: string;
  /** What the gateway shows the buyer, the site prefix and origin the payment comes back to, the buyer's language. */
  payment: { description: string; prefix: string; origin?: string; locale: Locale };
  opening: PurchaseOpening;
  /** The purchase's lookup already saw these seats gone: refused after the discount's checks, unwritten. */
  seatsSeenGone?: boolean;
  /** Steps of the domains above that share the write's transaction. */
  inTransaction?: InTransaction[];
}

export interface PlacedPurchase extends PlacedOrder {
  plan: Priced<CheckedOrder>;
  /** The payment as started with the method's adapter (null: paid as placed, nothing to start). */
  start: PaymentStart | null;
}

/**
 * Prices the checked purchase, decides its state, hold and id, starts its payment and writes it (see the top of this
 * file). A gateway that cannot start throws before anything is written.
 */
export async function placeOrder<C extends CheckedOrder>(
  deps: Pick<ShopContext, "db" | "env" | "auth" | "payments">,
  request: OrderRequest<C>,
): Promise<PlacedPurchase> {
  const { now, opening } = request;
  const plan = await priceOrder(deps.db, request.order, now);
  // Seats the lookup already saw gone (a sold-out rush's many late buyers): refused without asking the gateway or
  // writing the order, which the seat count would refuse anyway.
  if (request.seatsSeenGone) throw new ShopError("stock_exhausted");
  // Nothing to charge (a full discount): the order is paid as it is placed, as an organiser-funded one is.
  const state: OrderState = plan.totals.total === 0 ? ORDER_STATE.paid : INITIAL_STATE[plan.paymentCode];
  const holdUntil = holdExpiry(state, now, deps.env, plan.eventStart);
  const holdCap = holdUntil ? deps.env.HOLD_SEATS_PER_ACCOUNT : null;
  const orderId = (opening.orderId ??= await drawOrderId(deps.db));
  let start: PaymentStart | null = null;
  if (state !== ORDER_STATE.paid || plan.paymentCode === PAYMENT_CODE.prepagado) {
    const started = opening.started;
    if (started && started.orderId === orderId && started.total === plan.totals.total) start = started.start;
    else {
      start = await deps.payments.get(plan.paymentCode).start({
        orderId,
        amount: plan.totals.total,
        currency: plan.currency,
        buyerEmail: request.buyerEmail,
        description: request.payment.description,
        returnUrl: returnUrl(deps, orderId, request.payment.prefix, request.payment.origin),
        notificationUrl: notificationUrl(deps.env),
        locale: request.payment.locale,
      });
      opening.started = { orderId, total: plan.totals.total, start };
    }
  }
  const steps = request.inTransaction ?? [];
  const placed = await writeOrder(deps.db, plan, state, holdUntil, now, holdCap, { orderId, start }, steps);
  for (const step of steps) await step.committed?.();
  return { ...placed, plan, start };
}

/**
 * What varies between sales in the order's statement: a data-modifying CTE runs (and opens and locks its table and
 * every index of it) on each execution even when it writes no row, so the discount's use, the mail and the hold cap's
 * count are in the text only when this order has them. At most eight texts, each prepared once per connection.
 */
interface WriteShape {
  discount: boolean;
  notice: boolean;
  holdCap: boolean;
}

/**
 * Ticket ids are drawn first so passengers and address lines attach to their ticket by position, numbered by the
 * tickets' own list: a series over its length would be planned for a thousand tickets whatever it holds, and that
 * estimate alone made PostgreSQL plan the statement anew on every purchase (a "custom plan" is chosen while the
 * generic one looks dearer) instead of once per connection. `p.name` stands for the parameter of that name (numbered
 * in the order of first use: a text names only the parameters it uses, as PostgreSQL must type each one).
 */
function placeOrderText(shape: WriteShape, p: Record<WriteParam, string>): string {
  return `
with new_order as (
  insert into orders (id, user_id, event_id, event_date_id, province_id, payment_code, state, currency, subtotal, total,
                      discount_id, hold_expires_at, paid_at, created_at)
  values (coalesce(${p.orderId}::int, nextval('orders_id_seq')::int), ${p.userId}, ${p.eventId}, ${p.eventDateId}, ${p.provinceId}, ${p.paymentCode},
          ${p.state}, ${p.currency}, ${p.subtotal}, ${p.total}, ${shape.discount ? `${p.discountId}::int` : "null"}, ${p.holdExpiresAt}::timestamptz,
          ${p.paidAt}::timestamptz, ${p.now}::timestamptz)
  returning id
), ticket_ids as (
  select ord, nextval('tickets_id_seq')::int as id
  from unnest(${p.variants}::int[]) with ordinality as listed(variant, ord)
), new_tickets as (
  insert into tickets (id, order_id, product_variant_id, price, discount_price, place_id)
  select i.id, o.id, t.variant, t.price, t.discount_price, t.place_id
  from new_order o
  cross join unnest(${p.variants}::int[], ${p.prices}::int[], ${p.discountPrices}::int[], ${p.places}::int[]) with ordinality as t(variant, price, discount_price, place_id, ord)
  join ticket_ids i on i.ord = t.ord
  returning id
), new_passengers as (
  insert into passengers (ticket_id, name, email, phone, passenger_address, needs)
  select i.id, x.name, x.email, x.phone, x.address, x.needs::jsonb
  from unnest(${p.passengerOrds}::int[], ${p.passengerNames}::text[], ${p.passengerEmails}::text[], ${p.passengerPhones}::text[], ${p.passengerAddresses}::text[], ${p.passengerNeeds}::text[])
    as x(ord, name, email, phone, address, needs)
  join ticket_ids i on i.ord = x.ord
  returning id
), new_addresses as (
  insert into address_lines (ticket_id, address, county_id)
  select i.id, a.address, a.county
  from unnest(${p.addressOrds}::int[], ${p.addressTexts}::text[], ${p.addressCounties}::int[]) as a(ord, address, county)
  join ticket_ids i on i.ord = a.ord
  returning id
), new_payment as (
  insert into payments (order_id, method, state, amount, created_at, provider_reference, raw_answers)
  select id, ${p.paymentCode}, ${p.paymentState}, ${p.total}, ${p.now}::timestamptz, ${p.providerReference}::text, coalesce(${p.rawAnswers}::jsonb, '[]'::jsonb) from new_order
  returning id
)${
    shape.discount
      ? `, discount_use as (
  update discounts set times_used = times_used + 1
  where id = ${p.discountId}::int and (usage_limit is null or times_used < usage_limit)
  returning id
)`
      : ""
  }${
    shape.holdCap
      ? `, held as (
  select count(*)::int as seats
  from orders h join tickets ht on ht.order_id = h.id
  where h.user_id = ${p.userId} and h.event_date_id = ${p.eventDateId} and h.state in (${AWAITING_STATES.map((state) => `'${state}'`).join(", ")})
    and h.hold_expires_at > ${p.now}::timestamptz
)`
      : ""
  }${
    shape.notice
      ? `, notice as (
  insert into outbox (kind, payload, request_id)
  select 'order.notice', jsonb_build_object('orderId', id, 'notice', ${p.notice}::text), ${p.requestId}::text from new_order
  returning id
)`
      : ""
  }, history as (
  ${purchaseHistoryCte("new_order", p.userId, p.state)}
)
select o.id${shape.discount ? `,
  case when not exists (select 1 from discount_use) then shop_refuse('discount_used_up') end as refused` : ""}${
    shape.holdCap ? `,
  case when (select seats from held) + cardinality(${p.variants}::int[]) > ${p.holdCap}::int then shop_refuse('hold_limit_reached') end as over_cap` : ""
  }
from new_order o`;
}

type WriteParam =
  | "orderId" | "userId" | "eventId" | "eventDateId" | "provinceId" | "paymentCode" | "state" | "currency" | "subtotal" | "total" | "discountId"
  | "holdExpiresAt" | "paidAt" | "now" | "variants" | "prices" | "discountPrices" | "places" | "passengerOrds" | "passengerNames"
  | "passengerEmails" | "passengerPhones" | "passengerAddresses" | "passengerNeeds" | "addressOrds" | "addressTexts" | "addressCounties"
  | "paymentState" | "providerReference" | "rawAnswers" | "notice" | "requestId" | "holdCap";

/** The statement of a shape, with the names of its parameters in their $n order. */
function buildStatement(shape: WriteShape) {
  const names: WriteParam[] = [];
  const numbered = new Proxy({} as Record<WriteParam, string>, {
    get: (_, name: WriteParam) => {
      if (!names.includes(name)) names.push(name);
      return `$${names.indexOf(name) + 1}`;
    },
  });
  return { text: placeOrderText(shape, numbered), names };
}

/** Every shape's statement, made once as the module loads (by the key of `shapeKey`; its test prepares each). */
export const placeOrderStatements: ReadonlyMap<string, { text: string; names: readonly WriteParam[] }> = new Map(
  [false, true].flatMap((discount) =>
    [false, true].flatMap((notice) => [false, true].map((holdCap) => [shapeKey({ discount, notice, holdCap }), buildStatement({ discount, notice, holdCap })] as const)),
  ),
);

function shapeKey(shape: WriteShape): string {
  return `${Number(shape.discount)}${Number(shape.notice)}${Number(shape.holdCap)}`;
}

/** The order's one write (see the top of this file), for a caller that decided its state and hold itself. */
export async function writeOrder(
  db: Db,
  plan: OrderPlan,
  state: OrderState,
  holdExpiresAt: Date | null,
  now: Date,
  holdCap: number | null = null,
  /** The id and started payment of a purchase that started its payment first (else a new id, a payment not started). */
  opening?: Opening,
  /** Steps of the domains above that share the write's transaction (else the write commits on its own). */
  inTransaction: InTransaction[] = [],
): Promise<PlacedOrder> {
  const ticketsByPosition = plan.tickets.map((ticket, index) => ({ ticket, ord: index + 1 }));
  const passengers = ticketsByPosition.flatMap(({ ticket, ord }) => ticket.passengers.map((passenger) => ({ ord, ...passenger })));
  const addresses = ticketsByPosition.flatMap(({ ticket, ord }) => ticket.addresses.map((line) => ({ ord, ...line })));
  const notice = noticeOnPlacing(state);
  const values: Record<WriteParam, unknown> = {
    orderId: opening?.orderId ?? null,
    userId: plan.userId,
    eventId: plan.event.id,
    eventDateId: plan.eventDateId,
    provinceId: plan.provinceId,
    paymentCode: plan.paymentCode,
    state,
    currency: plan.currency,
    subtotal: plan.totals.subtotal,
    total: plan.totals.total,
    discountId: plan.discount?.id ?? null,
    holdExpiresAt,
    paidAt: state === ORDER_STATE.paid ? now : null,
    now,
    variants: plan.tickets.map((ticket) => ticket.productVariantId),
    prices: plan.tickets.map((ticket) => ticket.price),
    discountPrices: plan.tickets.map((ticket) => ticket.discountPrice),
    places: plan.tickets.map((ticket) => ticket.placeId),
    passengerOrds: passengers.map((row) => row.ord),
    passengerNames: passengers.map((row) => row.name),
    passengerEmails: passengers.map((row) => row.email),
    passengerPhones: passengers.map((row) => row.phone),
    passengerAddresses: passengers.map((row) => row.passengerAddress),
    // Each passenger's needs on board as a JSON list (the column's CHECK admits only the NEEDS words).
    passengerNeeds: passengers.map((row) => JSON.stringify([...new Set(row.needs ?? [])])),
    addressOrds: addresses.map((row) => row.ord),
    addressTexts: addresses.map((row) => row.address),
    addressCounties: addresses.map((row) => row.commune_id),
    paymentState: state === ORDER_STATE.paid ? PAYMENT_STATE.approved : PAYMENT_STATE.created,
    providerReference: opening?.start?.providerReference ?? null,
    rawAnswers: opening?.start ? JSON.stringify([startEntry(opening.start)]) : null,
    notice,
    requestId: currentRequestId() ?? null,
    holdCap,
  };
  const statement = placeOrderStatements.get(shapeKey({ discount: values.discountId !== null, notice: notice !== null, holdCap: holdCap !== null }))!;
  const params = statement.names.map((name) => values[name]);
  const write = async (target: Db) => {
    try {
      const [row] = await runStatement<{ id: number }>(target, statement.text, params);
      return { id: Number(row!.id), state, holdExpiresAt };
    } catch (error) {
      if (error instanceof ShopError && error.code === "discount_used_up") throw new ShopError("discount_used_up", { discountCode: "errors.discount_used_up" });
      if (error instanceof ShopError && error.code === "hold_limit_reached") throw new ShopError("hold_limit_reached", undefined, { max: holdCap ?? 0 });
      throw error;
    }
  };
  if (inTransaction.length === 0) return write(db);
  return db.transaction(async (tx) => {
    for (const step of inTransaction) await step.before?.(tx);
    const placed = await write(tx);
    for (const step of inTransaction) await step.after?.(tx, placed);
    return placed;
  });
}

/**
 * Taking the seats and writing the order in ONE statement, one round trip, committed on its own: the order, its
 * tickets, passengers, address lines and payment row, the discount use (counted only while below its limit), the
 * purchase's entry in the order's history (services/order-life/) and the order's mail in the outbox. A purchase
 * whose payment was started before the write (services/purchase/purchase.ts) hands in the order's id drawn for it
 * and what the gateway answered, which the payment row carries from its first version: a sale is one commit, and
 * the row is never updated only to note its start. Inserting the tickets raises `seat_counts.taken` for their subcategory and
 * date (a trigger, migration 0005), which refuses the whole statement with `stock_exhausted` when that would pass
 * the variant's stock; a used-up discount refuses it the same way. Row locks live only while the statement runs
 * inside PostgreSQL, never across a round trip to Node: N buyers for the last K seats get exactly K orders.
 *
 * An unpaid order is refused (`hold_limit_reached`) when its seats and those the account already holds unpaid for
 * the same date (holds still running) would pass `holdCap`, in the same statement. Two purchases of one account at
 * the very same instant may both pass it; the cap bounds what one account takes, it is not stock accounting.
 *
 * Steps of the domains above that must share the write's transaction are handed in (`inTransaction`), so this base
 * imports none of them: the purchase (services/purchase/purchase.ts) locks a private event's guest-list row and
 * recounts what the guest holds before the write (invited-seats), so two of their purchases at once cannot both fit,
 * and ends the buyer's waiting-list offer as the order takes its seats (waiting-list).
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
import type { OrderState } from "./order-states";
import type { Purchase } from "../../../shared/schemas/purchase";
import type { OrderTotals, TicketPrice } from "./pricing";

/** A checked, priced ticket as the order's write takes it (services/purchase-checks/ checks and prices it). */
export interface OrderTicket extends TicketPrice {
  placeId: number;
  passengers: Purchase["tickets"][number]["passengers"];
  addresses: Purchase["tickets"][number]["addresses"];
}

/** What the order's write reads of a checked purchase (a `PurchasePlan` of services/purchase-checks/). */
export interface OrderPlan {
  userId: number;
  event: { id: number };
  eventDateId: number;
  provinceId: number;
  currency: string;
  paymentCode: PaymentCode;
  tickets: OrderTicket[];
  discount: { id: number } | null;
  totals: OrderTotals;
}

/**
 * A caller's steps inside the order's transaction: `before` the write, and `after` it with the order placed. Either
 * throwing rolls the order back.
 */
export interface InTransaction {
  before?: (tx: Db) => Promise<void>;
  after?: (tx: Db, placed: PlacedOrder) => Promise<void>;
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

/*
 * Ticket ids are drawn first so passengers and address lines attach to their ticket by position, numbered by the
 * tickets' own list: a series over its length would be planned for a thousand tickets whatever it holds, and that
 * estimate alone made PostgreSQL plan the statement anew on every purchase (a "custom plan" is chosen while the
 * generic one looks dearer) instead of once per connection.
 */
const PLACE_ORDER_SQL = `
with new_order as (
  insert into orders (id, user_id, event_id, event_date_id, province_id, payment_code, state, currency, subtotal, total,
                      discount_id, hold_expires_at, paid_at, created_at)
  values (coalesce($31::int, nextval('orders_id_seq')::int), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10::int, $11::timestamptz, $12::timestamptz, $13::timestamptz)
  returning id
), ticket_ids as (
  select ord, nextval('tickets_id_seq')::int as id
  from unnest($14::int[]) with ordinality as listed(variant, ord)
), new_tickets as (
  insert into tickets (id, order_id, product_variant_id, price, discount_price, place_id)
  select i.id, o.id, t.variant, t.price, t.discount_price, t.place_id
  from new_order o
  cross join unnest($14::int[], $15::int[], $16::int[], $17::int[]) with ordinality as t(variant, price, discount_price, place_id, ord)
  join ticket_ids i on i.ord = t.ord
  returning id
), new_passengers as (
  insert into passengers (ticket_id, name, email, phone, passenger_address, needs)
  select i.id, p.name, p.email, p.phone, p.address, p.needs::jsonb
  from unnest($18::int[], $19::text[], $20::text[], $21::text[], $22::text[], $30::text[]) as p(ord, name, email, phone, address, needs)
  join ticket_ids i on i.ord = p.ord
  returning id
), new_addresses as (
  insert into address_lines (ticket_id, address, county_id)
  select i.id, a.address, a.county
  from unnest($23::int[], $24::text[], $25::int[]) as a(ord, address, county)
  join ticket_ids i on i.ord = a.ord
  returning id
), new_payment as (
  insert into payments (order_id, method, state, amount, created_at, provider_reference, raw_answers)
  select id, $5, $26, $9, $13::timestamptz, $32::text, coalesce($33::jsonb, '[]'::jsonb) from new_order
  returning id
), discount_use as (
  update discounts set times_used = times_used + 1
  where id = $10::int and (usage_limit is null or times_used < usage_limit)
  returning id
), held as (
  select count(*)::int as seats
  from orders h join tickets ht on ht.order_id = h.id
  where h.user_id = $1 and h.event_date_id = $3 and h.state in (${AWAITING_STATES.map((state) => `'${state}'`).join(", ")})
    and h.hold_expires_at > $13::timestamptz
), notice as (
  insert into outbox (kind, payload, request_id)
  select 'order.notice', jsonb_build_object('orderId', id, 'notice', $27::text), $29::text from new_order where $27::text is not null
  returning id
), history as (
  ${purchaseHistoryCte("new_order", "$1", "$6")}
)
select o.id,
  case when $10::int is not null and not exists (select 1 from discount_use) then shop_refuse('discount_used_up') end as refused,
  case when $28::int is not null and (select seats from held) + cardinality($14::int[]) > $28::int then shop_refuse('hold_limit_reached') end as over_cap
from new_order o`;

export async function placeOrder(
  db: Db,
  plan: OrderPlan,
  state: OrderState,
  holdExpiresAt: Date | null,
  now: Date,
  holdCap: number | null = null,
  /** The id and started payment of a purchase that started its payment first (else a new id, a payment not started). */
  opening?: Opening,
  /** Steps of the caller's that share the write's transaction (else the write commits on its own). */
  inTransaction?: InTransaction,
): Promise<PlacedOrder> {
  const ticketsByPosition = plan.tickets.map((ticket, index) => ({ ticket, ord: index + 1 }));
  const passengers = ticketsByPosition.flatMap(({ ticket, ord }) => ticket.passengers.map((passenger) => ({ ord, ...passenger })));
  const addresses = ticketsByPosition.flatMap(({ ticket, ord }) => ticket.addresses.map((line) => ({ ord, ...line })));
  const params = [
    plan.userId,
    plan.event.id,
    plan.eventDateId,
    plan.provinceId,
    plan.paymentCode,
    state,
    plan.currency,
    plan.totals.subtotal,
    plan.totals.total,
    plan.discount?.id ?? null,
    holdExpiresAt,
    state === ORDER_STATE.paid ? now : null,
    now,
    plan.tickets.map((ticket) => ticket.productVariantId),
    plan.tickets.map((ticket) => ticket.price),
    plan.tickets.map((ticket) => ticket.discountPrice),
    plan.tickets.map((ticket) => ticket.placeId),
    passengers.map((row) => row.ord),
    passengers.map((row) => row.name),
    passengers.map((row) => row.email),
    passengers.map((row) => row.phone),
    passengers.map((row) => row.passengerAddress),
    addresses.map((row) => row.ord),
    addresses.map((row) => row.address),
    addresses.map((row) => row.commune_id),
    state === ORDER_STATE.paid ? PAYMENT_STATE.approved : PAYMENT_STATE.created,
    noticeOnPlacing(state),
    holdCap,
    currentRequestId() ?? null,
    // Each passenger's needs on board as a JSON list (the column's CHECK admits only the NEEDS words).
    passengers.map((row) => JSON.stringify([...new Set(row.needs ?? [])])),
    opening?.orderId ?? null,
    opening?.start?.providerReference ?? null,
    opening?.start ? JSON.stringify([startEntry(opening.start)]) : null,
  ];
  const write = async (target: Db) => {
    try {
      const [row] = await runStatement<{ id: number }>(target, PLACE_ORDER_SQL, params);
      return { id: Number(row!.id), state, holdExpiresAt };
    } catch (error) {
      if (error instanceof ShopError && error.code === "discount_used_up") throw new ShopError("discount_used_up", { discountCode: "errors.discount_used_up" });
      if (error instanceof ShopError && error.code === "hold_limit_reached") throw new ShopError("hold_limit_reached", undefined, { max: holdCap ?? 0 });
      throw error;
    }
  };
  if (!inTransaction) return write(db);
  return db.transaction(async (tx) => {
    await inTransaction.before?.(tx);
    const placed = await write(tx);
    await inTransaction.after?.(tx, placed);
    return placed;
  });
}

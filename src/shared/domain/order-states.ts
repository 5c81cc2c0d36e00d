/**
 * Order states: `awaiting_payment` -> paid | cancelled | expired; `awaiting_transfer_payment` -> paid (staff
 * validate the transfer) | cancelled | expired; an organiser-funded or free order starts paid. Server and
 * browser write a state only through `ORDER_STATE`; the `orders.state` column is bound to `ORDER_STATES`.
 */
export const ORDER_STATE = {
  awaiting_payment: "awaiting_payment",
  awaiting_transfer_payment: "awaiting_transfer_payment",
  paid: "paid",
  cancelled: "cancelled",
  expired: "expired",
} as const;
export const ORDER_STATES = [
  ORDER_STATE.awaiting_payment,
  ORDER_STATE.awaiting_transfer_payment,
  ORDER_STATE.paid,
  ORDER_STATE.cancelled,
  ORDER_STATE.expired,
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === "string" && (ORDER_STATES as readonly string[]).includes(value);
}

/** The unpaid states: their seats are held until `hold_expires_at`, and only they may become paid or cancelled. */
export const AWAITING_STATES = [ORDER_STATE.awaiting_payment, ORDER_STATE.awaiting_transfer_payment] as const satisfies readonly OrderState[];
export type AwaitingState = (typeof AWAITING_STATES)[number];

export function isAwaiting(state: string): state is AwaitingState {
  return (AWAITING_STATES as readonly string[]).includes(state);
}

/**
 * The states whose tickets take a seat: paid, and the awaiting ones (whose hold may still run out: the live
 * stock also reads `hold_expires_at`). The seat-count triggers of the database test the same list.
 */
export const SEAT_HOLDING_STATES = [ORDER_STATE.paid, ...AWAITING_STATES] as const satisfies readonly OrderState[];
export type SeatHoldingState = (typeof SEAT_HOLDING_STATES)[number];

export function holdsSeat(state: string): state is SeatHoldingState {
  return (SEAT_HOLDING_STATES as readonly string[]).includes(state);
}

/**
 * Who changes an order: its buyer, a staff member, a payment gateway (its answer or the lack of one), or the
 * shop's sweeper (a hold that ran out). Each entry of an order's history names one of them
 * (`audit_log.actor`, CHECK in migration 0037).
 */
export const ORDER_ACTOR = { customer: "customer", staff: "staff", gateway: "gateway", sweeper: "sweeper" } as const;
export const ORDER_ACTORS = [ORDER_ACTOR.customer, ORDER_ACTOR.staff, ORDER_ACTOR.gateway, ORDER_ACTOR.sweeper] as const;
export type OrderActorKind = (typeof ORDER_ACTORS)[number];

/**
 * The changes of an order's life, each with the states it may start from and the states it may lead to. The
 * server applies them in one place (services/order-life/), the only code that writes `orders.state`:
 * - `pay`: the gateway or staff saw the money; a lapsed order (expired, cancelled) is paid too when its seats are
 *   still free, since the money already arrived;
 * - `choose_method`: a share's friend picks a method, which sets the awaiting state it waits in;
 * - `expire`: the hold ran out unpaid;
 * - `cancel`: a refused or abandoned payment, the buyer or staff ending an unpaid order, an order that charged
 *   nothing, an event the shop cancels, a rejected transfer whose hold had already run out;
 * - `refund`: the whole payment goes back;
 * - `split`: a partial refund moves the refunded tickets to an order of their own, written paid and left cancelled.
 */
export const ORDER_TRANSITIONS = {
  pay: { from: [ORDER_STATE.awaiting_payment, ORDER_STATE.awaiting_transfer_payment, ORDER_STATE.expired, ORDER_STATE.cancelled], to: [ORDER_STATE.paid] },
  choose_method: { from: AWAITING_STATES, to: AWAITING_STATES },
  expire: { from: AWAITING_STATES, to: [ORDER_STATE.expired] },
  cancel: { from: [...AWAITING_STATES, ORDER_STATE.paid, ORDER_STATE.expired], to: [ORDER_STATE.cancelled] },
  refund: { from: [ORDER_STATE.paid], to: [ORDER_STATE.cancelled] },
  split: { from: [ORDER_STATE.paid], to: [ORDER_STATE.cancelled] },
} as const satisfies Record<string, { from: readonly OrderState[]; to: readonly OrderState[] }>;
export type OrderChange = keyof typeof ORDER_TRANSITIONS;

/** Whether `change` may take an order from `from` to `to`. */
export function isAllowedTransition(change: OrderChange, from: string, to: OrderState): boolean {
  const rule = ORDER_TRANSITIONS[change];
  return (rule.from as readonly string[]).includes(from) && (rule.to as readonly string[]).includes(to);
}

/** Each state's exact name in the staff's screens (`orders.state.<state>` in the message catalogues). */
export function stateLabel(state: OrderState): `orders.state.${OrderState}` {
  return `orders.state.${state}`;
}

/** How a state chip looks: its colour and its message key. */
export interface StateLook {
  tone: "pending" | "paid" | "cancelled" | "other";
  label: "account.state.pending" | "account.state.paid" | "account.state.cancelled" | "account.state.expired" | "account.state.other";
}

/** Both awaiting states show as Pending (yellow), paid green, cancelled red, any other state dark green. */
export function stateLook(state: string): StateLook {
  if (isAwaiting(state)) return { tone: "pending", label: "account.state.pending" };
  if (state === ORDER_STATE.paid) return { tone: "paid", label: "account.state.paid" };
  if (state === ORDER_STATE.cancelled) return { tone: "cancelled", label: "account.state.cancelled" };
  return { tone: "other", label: state === ORDER_STATE.expired ? "account.state.expired" : "account.state.other" };
}

import { ORDER_STATE } from "./order-states";

/**
 * A place on a sold-out subcategory's waiting list, for one date and a number of seats:
 * - `waiting`: in line, in the order people joined;
 * - `offered`: seats came back and are held for this person until the offer runs out;
 * - `booked`: the person bought through the offer;
 * - `expired`: the offer ran out unused (the seats passed to the next in line);
 * - `left`: the person left the list (or the date passed before any seat came back).
 * Only `offered` holds seats (the seat count adds them, migration 0013).
 */
export const WAITING_STATE = { waiting: "waiting", offered: "offered", booked: "booked", expired: "expired", left: "left" } as const;
export const WAITING_STATES = [WAITING_STATE.waiting, WAITING_STATE.offered, WAITING_STATE.booked, WAITING_STATE.expired, WAITING_STATE.left] as const;
export type WaitingState = (typeof WAITING_STATES)[number];

/**
 * What a place shows its owner and staff: its state, except `lapsed` for a place that bought through its offer
 * (`booked`) whose order then ended unpaid (its hold ran out, or it was cancelled before any payment): the seats
 * went back and nothing was booked. Read from the order, never stored: the order's life ends the order, and the
 * waiting list writes only its own states.
 */
export const WAITING_SHOWN_STATES = [...WAITING_STATES, "lapsed"] as const;
export type WaitingShownState = (typeof WAITING_SHOWN_STATES)[number];

/** Orders that ended before they were paid, as far as a place's offer is concerned. */
const UNPAID_ENDS: readonly string[] = [ORDER_STATE.expired, ORDER_STATE.cancelled];

export function shownWaitingState(state: WaitingState, order: { state: string; paidAt: Date | string | null } | null): WaitingShownState {
  if (state === WAITING_STATE.booked && order && order.paidAt === null && UNPAID_ENDS.includes(order.state)) return "lapsed";
  return state;
}

/** Still on the list: in line or holding an offer. One such place per person, date and subcategory. */
export const ACTIVE_WAITING_STATES = [WAITING_STATE.waiting, WAITING_STATE.offered] as const;

/** Seats one place on the list may ask for (as many as one account may hold unpaid by default). */
export const WAITING_MAX_SEATS = 10;

/** The event page's query parameter, in the offer mail's link, that opens the booking wizard on an offer. */
export const OFFER_PARAM = "waitingOffer";

/**
 * The words of a private event's money: who pays the transport, and where the organiser's quote stands.
 * Bound to `private_events.payer` and `private_events.quote_state` (CHECK constraints in the migrations).
 */

/** The organiser pays every seat, or each guest pays their own at the quoted price. */
export const PRIVATE_EVENT_PAYER = { organiser: "organiser", guests: "guests" } as const;
export const PRIVATE_EVENT_PAYERS = [PRIVATE_EVENT_PAYER.organiser, PRIVATE_EVENT_PAYER.guests] as const;
export type PrivateEventPayer = (typeof PRIVATE_EVENT_PAYERS)[number];

/**
 * Where the quote stands once staff approved the private event:
 * - `quoted`: waiting for the organiser to pay it (no invitation has gone out);
 * - `paid`: the organiser paid it with one of the country's methods;
 * - `invoiced`: staff bill a company customer by invoice (audited) and let the invitations go;
 * - `guests_pay`: nothing for the organiser to pay, each guest pays their seat at the quoted price;
 * - `waived`: staff chose to carry the transport free of charge.
 * Null before approval.
 */
export const QUOTE_STATE = { quoted: "quoted", paid: "paid", invoiced: "invoiced", guests_pay: "guests_pay", waived: "waived" } as const;
export const QUOTE_STATES = [QUOTE_STATE.quoted, QUOTE_STATE.paid, QUOTE_STATE.invoiced, QUOTE_STATE.guests_pay, QUOTE_STATE.waived] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** The states in which invitations go out and guests may book. */
export const SETTLED_QUOTE_STATES: readonly QuoteState[] = [QUOTE_STATE.paid, QUOTE_STATE.invoiced, QUOTE_STATE.guests_pay, QUOTE_STATE.waived];

export const isQuoteSettled = (state: string | null | undefined): boolean => SETTLED_QUOTE_STATES.includes(state as QuoteState);

/** What an order paid by the organiser buys: the quote itself, or more seats at the quoted price. */
export const PRIVATE_EVENT_PAYMENT_KIND = { quote: "quote", seats: "seats" } as const;
export const PRIVATE_EVENT_PAYMENT_KINDS = [PRIVATE_EVENT_PAYMENT_KIND.quote, PRIVATE_EVENT_PAYMENT_KIND.seats] as const;
export type PrivateEventPaymentKind = (typeof PRIVATE_EVENT_PAYMENT_KINDS)[number];

/**
 * The organiser's lists of their private events, as the account's tabs ask for them (`?state=`): 1 active (approved),
 * 2 in progress (saved, under review, rejected), 3 saved, 4 finished.
 */
export const PRIVATE_EVENT_LIST = { active: "1", inProgress: "2", saved: "3", finished: "4" } as const;
export const PRIVATE_EVENT_LISTS = [PRIVATE_EVENT_LIST.active, PRIVATE_EVENT_LIST.inProgress, PRIVATE_EVENT_LIST.saved, PRIVATE_EVENT_LIST.finished] as const;
export type PrivateEventList = (typeof PRIVATE_EVENT_LISTS)[number];

/** The staff's lists: the private events under review (2, as the organiser's list), or approved with an unpaid quote. */
export const STAFF_PRIVATE_EVENT_LIST = { underReview: PRIVATE_EVENT_LIST.inProgress, quoted: QUOTE_STATE.quoted } as const;
export const STAFF_PRIVATE_EVENT_LISTS = [STAFF_PRIVATE_EVENT_LIST.underReview, STAFF_PRIVATE_EVENT_LIST.quoted] as const;
export type StaffPrivateEventList = (typeof STAFF_PRIVATE_EVENT_LISTS)[number];

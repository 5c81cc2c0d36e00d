/**
 * The words of a private event's money: who pays the transport, and where the organiser's quote stands.
 * Bound to `event_requests.payer` and `event_requests.quote_state` (CHECK constraints in the migration).
 */

/** The organiser pays every seat, or each guest pays their own at the quoted price. */
export const REQUEST_PAYERS = ["organiser", "guests"] as const;
export type RequestPayer = (typeof REQUEST_PAYERS)[number];

/**
 * Where the quote stands once staff approved the request:
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
export const REQUEST_PAYMENT_KINDS = ["quote", "seats"] as const;
export type RequestPaymentKind = (typeof REQUEST_PAYMENT_KINDS)[number];

/** Answers of the staff's order desk and refunds. Money in minor units of `currency`; dates UTC ISO. */
import { MAIL_SKIP_REASONS } from "../../domain/mail-skips";
import * as z from "zod/mini";
import { AUDIT_ACTIONS } from "../../domain/audit-actions";
import { LEGS } from "../../domain/legs";
import { ORDER_ACTORS } from "../../domain/order-states";
import { PICKUP_NOTICE_CHANNELS } from "../../domain/dispatch";
import { REFUND_REASONS, REFUND_STATES } from "../../domain/refunds";
import { orderMoneySchema } from "./order-money";

export const refundAnswerSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  /** The cancelled order holding the refunded tickets (a partial refund); null for the whole order. */
  splitOrderId: z.nullable(z.number()),
  amount: z.number(),
  currency: z.string(),
  method: z.string(),
  reason: z.enum(REFUND_REASONS),
  state: z.enum(REFUND_STATES),
  note: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  /** False when the request repeated an earlier one (same idempotency key): nothing more was done. */
  created: z.boolean(),
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

const deskPassengerSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), phone: z.string(), passengerAddress: z.string() });

/**
 * Every kind of mail and text an order's people receive, as the order's message list names them (the desk says
 * each in words from the catalogue, `desk.message.<kind>`): the buyer's order mails (their notice's name), the
 * pick-up notices (each passenger's mail and text, the buyer's mail of the order's times), the "van arriving" and
 * no-show texts, the invitation to rate the trip, and a shared purchase's links to each friend and the buyer's
 * mail of the seats released at the deadline.
 */
export const ORDER_MESSAGE_KINDS = [
  "confirmation",
  "transfer_instructions",
  "payment_received",
  "refunded",
  "refund",
  "transfer_rejected",
  "event_cancelled",
  "pickup",
  "pickup_buyer",
  "van_arriving",
  "no_show_notice",
  "rating_invite",
  "share_invite",
  "share_released",
] as const;
export type OrderMessageKind = (typeof ORDER_MESSAGE_KINDS)[number];
export const isOrderMessageKind = (value: unknown): value is OrderMessageKind => typeof value === "string" && (ORDER_MESSAGE_KINDS as readonly string[]).includes(value);
/** How a refund mail says the money goes back (the refund mail's own `how`): to the card, by hand to pay, paid. */
export const REFUND_HOWS = ["card", "manual_pending", "manual_paid"] as const;

export const orderDeskSchema = z.object({
  id: z.number(),
  state: z.string(),
  paymentCode: z.string(),
  currency: z.string(),
  subtotal: z.number(),
  total: z.number(),
  /** Paid, refunded, net and the order's total after refunds: the figures its mails, account page and exports show. */
  money: orderMoneySchema,
  placedAt: z.string(),
  paidAt: z.nullable(z.string()),
  /** The paid order this one was split from by a partial refund. */
  splitFromId: z.nullable(z.number()),
  buyer: z.object({ id: z.number(), name: z.string(), email: z.string(), phone: z.string(), locale: z.string() }),
  event: z.object({ id: z.number(), name: z.string(), date: z.nullable(z.string()), timeZone: z.string() }),
  tickets: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      price: z.number(),
      discountPrice: z.nullable(z.number()),
      /** The split (cancelled) order a refund moved this ticket to; null while it is still this order's. */
      refundedIn: z.nullable(z.number()),
      passengers: z.array(deskPassengerSchema),
      addresses: z.array(z.object({ address: z.string(), countyName: z.string() })),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number(),
      method: z.string(),
      state: z.string(),
      amount: z.number(),
      providerReference: z.nullable(z.string()),
      createdAt: z.string(),
      /** What the gateway answered, oldest first, as it said it. */
      answers: z.array(z.unknown()),
    }),
  ),
  checkIns: z.array(z.object({ leg: z.string(), at: z.string(), ticketId: z.nullable(z.number()) })),
  /** Passengers the driver marked as no-shows (the van left without them), per leg. */
  noShows: z.array(z.object({ passengerId: z.number(), name: z.string(), leg: z.enum(LEGS), at: z.string() })),
  /** The passengers' ratings of their trip, oldest first; `low` (1 or 2 of 5) is shown to staff as an alert. */
  ratings: z.array(z.object({ passengerId: z.number(), name: z.string(), score: z.number(), comment: z.nullable(z.string()), at: z.string(), low: z.boolean() })),
  /**
   * Every mail and text of the order sent or still to send: the buyer's order mails, the pick-up notices (each
   * passenger's and the buyer's), the "van arriving" and no-show texts, the rating invitations.
   */
  messages: z.array(
    z.object({
      channel: z.enum(PICKUP_NOTICE_CHANNELS),
      what: z.enum(ORDER_MESSAGE_KINDS),
      /** The leg it was about (pick-up notices, van arriving, no-show), else null. */
      leg: z.nullable(z.enum(LEGS)),
      /** A refund mail: how the money goes back; else null. */
      refundHow: z.nullable(z.enum(REFUND_HOWS)),
      to: z.nullable(z.string()),
      at: z.string(),
      sent: z.boolean(),
      /** Not sent on purpose, and why (the row is done): the desk says so in words, never "sent". */
      skipped: z.nullable(z.enum(MAIL_SKIP_REASONS)),
      error: z.nullable(z.string()),
    }),
  ),
  refunds: z.array(refundAnswerSchema),
  /**
   * The order's whole life, oldest first: its purchase, payments, expiry, cancellation and refunds, and every staff
   * action, each with who acted (`actor`; `by` is the person's email, a gateway's method, or the sweeper).
   */
  history: z.array(
    z.object({ id: z.number(), at: z.string(), by: z.string(), actor: z.enum(ORDER_ACTORS), action: z.enum(AUDIT_ACTIONS), details: z.nullable(z.unknown()) }),
  ),
});
export type OrderDesk = z.infer<typeof orderDeskSchema>;

export const deskActionSchema = z.object({ orderId: z.number(), done: z.boolean() });
export type DeskAction = z.infer<typeof deskActionSchema>;

/** A refund on the staff's "Devoluciones" list, with who to ask for bank details. */
export const refundDeskItemSchema = z.object({
  refund: refundAnswerSchema,
  buyer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  eventName: z.string(),
  /** The event country's clock (IANA), in which staff read its times. */
  timeZone: z.string(),
  bankDetails: z.nullable(z.string()),
});
export const refundDeskSchema = z.array(refundDeskItemSchema);
export type RefundDeskItem = z.infer<typeof refundDeskItemSchema>;

/** What a column of an export holds: `date` is "YYYY-MM-DD HH:mm" on the event's wall clock, `money` the currency's units. */
export const EXPORT_CELL_TYPES = ["text", "number", "money", "date"] as const;
export type ExportCellType = (typeof EXPORT_CELL_TYPES)[number];

/**
 * An export as a table: column titles in the caller's language, each column's type, then one row per order or
 * passenger (null: no value, as a passenger line's money after its ticket's first passenger).
 */
export const exportTableSchema = z.object({
  columns: z.array(z.string()),
  types: z.array(z.enum(EXPORT_CELL_TYPES)),
  rows: z.array(z.array(z.nullable(z.union([z.string(), z.number()])))),
});
export type ExportTable = z.infer<typeof exportTableSchema>;

const moneyLine = z.object({ method: z.string(), currency: z.string(), amount: z.number(), count: z.number() });

/** The sales of an event (or one of its dates); money in minor units per currency. */
export const salesReportSchema = z.object({
  /** Events with orders, newest first, to choose from. */
  events: z.array(z.object({ id: z.number(), name: z.string(), timeZone: z.string(), dates: z.array(z.object({ id: z.number(), startsAt: z.string() })) })),
  report: z.nullable(
    z.object({
      eventId: z.number(),
      eventDateId: z.nullable(z.number()),
      timeZone: z.string(),
      orders: z.number(),
      tickets: z.number(),
      passengers: z.number(),
      /** What the payments took, by method and currency. */
      revenue: z.array(moneyLine),
      /** Money given back (refunded) or still owed (pending, by hand), by method and currency. */
      refunds: z.array(moneyLine),
      refundsOwed: z.array(moneyLine),
      discounts: z.array(z.object({ currency: z.string(), amount: z.number(), orders: z.number() })),
      /** Per currency: what the payments took (gross), every refund given or owed, and the difference (net). */
      totals: z.array(z.object({ currency: z.string(), gross: z.number(), refunds: z.number(), net: z.number() })),
      /** Per discount code and currency: the paid orders that used it and the money it took off them. */
      discountCodes: z.array(z.object({ code: z.string(), currency: z.string(), uses: z.number(), amount: z.number() })),
      seatsLeft: z.array(z.object({ variantId: z.number(), name: z.string(), eventDateId: z.number(), stock: z.number(), taken: z.number(), left: z.number() })),
      checkIns: z.array(z.object({ leg: z.string(), count: z.number() })),
      /** Paid tickets and money by the day they were paid (the event country's calendar), oldest first. */
      byDay: z.array(z.object({ day: z.string(), tickets: z.number(), amount: z.number() })),
    }),
  ),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

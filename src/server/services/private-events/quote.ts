/**
 * The organiser's side of the money: staff's quote read into its stored form, the organiser paying it (or more
 * seats at the quoted price) with one of the country's methods, and what a paid quote sets off. A payment is an
 * order of the published event without tickets (the seats are the guests' own bookings), so the payment
 * adapters, their return and webhook routes and the hold sweeper treat it like any other order;
 * `private_event_payments` says which private event it pays and is applied once, by a conditional update, when the order
 * becomes paid (whichever way: return, webhook, staff confirming a transfer).
 */
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isQuoteSettled, QUOTE_STATE, PRIVATE_EVENT_PAYER, PRIVATE_EVENT_PAYMENT_KIND } from "../../../shared/domain/private-events";
import { ShopError } from "../../../shared/domain/shop-error";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { QuoteBody } from "../../../shared/schemas/private-event-quotes";
import type { PayQuoteBody } from "../../../shared/schemas/private-event-quotes";
import type { PaymentStartAnswer } from "../../../shared/schemas/purchase";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import {
  categories,
  countries,
  eventDates,
  privateEvents,
  orders,
  paymentMethods,
  payments,
  productVariants,
  provinces,
  privateEventPayments,
  users,
  type StoredQuote,
} from "../../db/schema";
import { localDateTime } from "../../../shared/format/local-date-time";
import { settlesCurrency } from "../../payments/currencies";
import type { PaymentCode } from "../../payments";
import { holdExpiry, INITIAL_STATE } from "../orders/order-states";
import { notificationUrl, returnUrl, sitePrefixOf } from "../orders/payment-links";
import { recordStart } from "../orders/payment-records";
import { cancelOrder } from "../holds/end-unpaid-orders";
import { PRIVATE_EVENT_HISTORY } from "./private-event-life";
import { byCustomer, byGateway, recordPurchase } from "../order-life/order-life";
import { writeAudit, type Actor } from "../audit/write-audit";
import { queueInvitations, seatPrice } from "./invitations";
import { ownPrivateEvent } from "./private-event-rows";
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { PRIVATE_EVENT_STATE } from "../../../shared/domain/private-event-states";
import { PAYMENT_CODE } from "../../../shared/domain/payment-codes";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** "YYYY-MM-DD" is the end of that day in the event's country; a full instant is read as it is. */
export function validUntilInstant(value: string, countryCode: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-").map(Number) as [number, number, number];
    return localDateTime(new Date(Date.UTC(y, m - 1, d, 12)), timeZoneOf(countryCode), 0, "23:59");
  }
  return new Date(value);
}

const quoteRefusal = (field: string, key: string) => new ShopError("quote_invalid", { [`quote.${field}`]: key });

/**
 * Staff's quote as stored: in the country's currency, for `seats` seats (the guests expected, else the guest
 * list's seats), priced per seat or as a total (one gives the other), with per-province prices of provinces of the
 * country, valid until a day that is still ahead.
 */
export async function buildQuote(db: Db, body: QuoteBody, privateEvent: { guestsExpected: number | null }, guestSeats: number, countryCode: string, now: Date): Promise<StoredQuote> {
  const [country] = await db.select({ currency: countries.currency }).from(countries).where(eq(countries.code, countryCode));
  if (!country || country.currency !== body.currency) throw quoteRefusal("currency", "private_events.quote_currency_invalid");
  const seats = body.seats ?? privateEvent.guestsExpected ?? Math.max(guestSeats, 1);
  const validUntil = validUntilInstant(body.validUntil, countryCode);
  if (validUntil.getTime() <= now.getTime()) throw quoteRefusal("validUntil", "private_events.quote_valid_until_invalid");
  if (body.provinces.length > 0) {
    const ids = body.provinces.map((row) => row.provinceId);
    const known = await db.select({ id: provinces.id }).from(provinces).where(and(inArray(provinces.id, ids), eq(provinces.countryCode, countryCode)));
    if (known.length !== new Set(ids).size) throw quoteRefusal("provinces", "errors.unknown_province");
  }
  const perSeat = body.perSeat ?? (body.total !== undefined ? null : Math.max(...body.provinces.map((row) => row.perSeat)));
  const total = body.total ?? (perSeat ?? 0) * seats;
  return { currency: body.currency, perSeat, total, seats, validUntil: validUntil.toISOString(), provinces: body.provinces };
}


/**
 * POST /shop-api/event-requests/{id}/pay: the organiser pays the quote (once, while it is valid and unpaid) or
 * `seats` more seats at the quoted price (once the quote is settled). Places an order without tickets for the
 * amount, starts the chosen method and answers as init-payment does; a method that cannot start cancels it.
 */
export async function payQuote(deps: ShopContext, ownerId: number, id: number, body: PayQuoteBody, locale: Locale, origin?: string): Promise<PaymentStartAnswer> {
  const now = deps.now();
  const row = await ownPrivateEvent(deps.db, ownerId, id);
  const { privateEvent } = row;
  const quote = privateEvent.quote;
  if (privateEvent.state !== PRIVATE_EVENT_STATE.approved || !quote || privateEvent.eventId === null) throw new ShopError("quote_not_payable");
  const kind = body.seats === undefined ? "quote" : "seats";
  if (kind === PRIVATE_EVENT_PAYMENT_KIND.quote && privateEvent.quoteState !== QUOTE_STATE.quoted) throw new ShopError("quote_not_payable");
  if (kind === PRIVATE_EVENT_PAYMENT_KIND.seats && (privateEvent.payer !== PRIVATE_EVENT_PAYER.organiser || !isQuoteSettled(privateEvent.quoteState))) throw new ShopError("quote_not_payable");
  if (now.getTime() > new Date(quote.validUntil).getTime() || now.getTime() >= privateEvent.startDate.getTime()) throw new ShopError("quote_expired");
  const amount = kind === PRIVATE_EVENT_PAYMENT_KIND.quote ? quote.total : seatPrice(quote) * body.seats!;
  const seats = kind === PRIVATE_EVENT_PAYMENT_KIND.quote ? quote.seats : body.seats!;
  const paymentCode = await checkMethod(deps.db, row.countryCode, body.paymentCode, quote.currency);

  const [date] = await deps.db.select({ id: eventDates.id }).from(eventDates).where(eq(eventDates.eventId, privateEvent.eventId)).limit(1);
  const [variant] = await deps.db
    .select({ provinceId: productVariants.provinceId })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(eq(categories.eventId, privateEvent.eventId))
    .limit(1);
  const state = INITIAL_STATE[paymentCode];
  const holdExpiresAt = holdExpiry(state, now, deps.env);
  const orderId = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: ownerId,
        eventId: privateEvent.eventId!,
        eventDateId: date?.id ?? null,
        provinceId: variant!.provinceId,
        paymentCode,
        state,
        currency: quote.currency,
        subtotal: amount,
        total: amount,
        holdExpiresAt,
        createdAt: now,
      })
      .returning({ id: orders.id });
    await tx.insert(payments).values({ orderId: order!.id, method: paymentCode, state: PAYMENT_STATE.created, amount, createdAt: now });
    await tx.insert(privateEventPayments).values({ orderId: order!.id, privateEventId: id, kind, seats });
    await recordPurchase(tx, order!.id, byCustomer(ownerId), state);
    return order!.id;
  });
  let response: Record<string, string | undefined> = {};
  try {
    const started = await deps.payments.get(paymentCode).start({
      orderId,
      amount,
      currency: quote.currency,
      buyerEmail: await ownerEmail(deps.db, ownerId),
      description: `Rodamos: ${privateEvent.name} (${seats} x seat)`,
      returnUrl: returnUrl(deps, orderId, sitePrefixOf(body.url), origin),
      notificationUrl: notificationUrl(deps.env),
      locale,
    });
    response = { ...started.response };
    await recordStart(deps.db, orderId, started);
  } catch (error) {
    await cancelOrder(deps.db, orderId, byGateway(paymentCode), "payment_not_started");
    throw error;
  }
  return { orderId, paymentCode, state, holdExpiresAt: holdExpiresAt?.toISOString() ?? null, ...response };
}

async function ownerEmail(db: Db, userId: number): Promise<string> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? "";
}

/** A method enabled in the country that settles the quote's currency; the organiser never pays "prepagado". */
export async function checkMethod(db: Db, countryCode: string, code: PaymentCode, currency: string): Promise<PaymentCode> {
  const [method] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.countryCode, countryCode), eq(paymentMethods.code, code), eq(paymentMethods.enabled, true)))
    .limit(1);
  if (code === PAYMENT_CODE.prepagado || !method || !settlesCurrency(code, currency)) throw new ShopError("payment_method_unavailable", { paymentCode: "errors.payment_method_unavailable" });
  return code;
}

/**
 * Called in the transaction that marks an order paid: when the order pays a private event, apply it once. A paid quote
 * settles the private event and promises every guest their invitation; paid seats raise the event's seats.
 */
export async function applyPrivateEventPayment(tx: Tx | Db, orderId: number): Promise<void> {
  const [applied] = await tx
    .update(privateEventPayments)
    .set({ appliedAt: sql`now()` })
    .where(and(eq(privateEventPayments.orderId, orderId), isNull(privateEventPayments.appliedAt)))
    .returning();
  if (!applied) return;
  if (applied.kind === PRIVATE_EVENT_PAYMENT_KIND.quote) {
    await settleQuote(tx, applied.privateEventId, QUOTE_STATE.paid);
    return;
  }
  const [privateEvent] = await tx
    .update(privateEvents)
    .set({ quotedSeats: sql`coalesce(${privateEvents.quotedSeats}, 0) + ${applied.seats}` })
    .where(eq(privateEvents.id, applied.privateEventId))
    .returning({ eventId: privateEvents.eventId, quotedSeats: privateEvents.quotedSeats });
  if (privateEvent?.eventId) await setEventSeats(tx, privateEvent.eventId, privateEvent.quotedSeats ?? 0);
}

/** quoted -> paid | invoiced, conditionally (one of two confirmations settles), then the invitations. */
async function settleQuote(tx: Tx | Db, privateEventId: number, to: typeof QUOTE_STATE.paid | typeof QUOTE_STATE.invoiced): Promise<boolean> {
  const moved = await tx
    .update(privateEvents)
    .set({ quoteState: to })
    .where(and(eq(privateEvents.id, privateEventId), eq(privateEvents.quoteState, QUOTE_STATE.quoted), eq(privateEvents.state, PRIVATE_EVENT_STATE.approved)))
    .returning({ id: privateEvents.id });
  if (moved.length === 0) return false;
  await queueInvitations(tx as Tx, privateEventId);
  return true;
}

/** Every subcategory of the event carries the event's seats (guests are held to their own seats by the list). */
export async function setEventSeats(tx: Tx | Db, eventId: number, seats: number): Promise<void> {
  const eventCategories = tx.select({ id: categories.id }).from(categories).where(eq(categories.eventId, eventId));
  await tx.update(productVariants).set({ stock: seats }).where(inArray(productVariants.categoryId, eventCategories));
}

/** Staff: a company customer pays by invoice. The quote counts as settled, the invitations go, the change is audited. */
export async function markInvoiced(deps: ShopContext, actor: Actor, id: number) {
  const [before] = await deps.db.select().from(privateEvents).where(eq(privateEvents.id, id));
  if (!before) throw new ShopError("not_found");
  const settled = await deps.db.transaction(async (tx) => {
    if (!(await settleQuote(tx, id, QUOTE_STATE.invoiced))) return false;
    await writeAudit(tx, actor, PRIVATE_EVENT_HISTORY, id, AUDIT_ACTION.update, { quoteState: before.quoteState }, { quoteState: QUOTE_STATE.invoiced });
    return true;
  });
  if (!settled) {
    if (before.quoteState === QUOTE_STATE.invoiced) return { id, state: PRIVATE_EVENT_STATE.approved, eventSlug: null };
    throw new ShopError("quote_not_payable");
  }
  deps.outbox.wake();
  return { id, state: PRIVATE_EVENT_STATE.approved, eventSlug: null };
}

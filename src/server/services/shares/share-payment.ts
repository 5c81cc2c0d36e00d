/**
 * Paying a share: the friend opens their personal link (no account needed), sees what they owe and pays it with
 * one of the event country's methods; the buyer sees who has paid and may pay a missing share. A share is its
 * own order, so the payment adapters, return and webhook routes confirm it like any order: once, whatever the
 * provider repeats. Each attempt gets its own payment row; a share stays payable until its deadline.
 */
import { and, asc, eq } from "drizzle-orm";
import { shareStateOf, SHARE_STATE } from "../../../shared/domain/shares";
import { ShopError } from "../../../shared/domain/shop-error";
import { isAwaiting, type AwaitingState } from "../../../shared/domain/order-states";
import type { Locale } from "../../../shared/locales";
import type { OrderSharesAnswer, ShareAnswer } from "../../../shared/schemas/answers/shares";
import type { PayQuoteBody } from "../../../shared/schemas/private-event-quotes";
import type { PaymentStartAnswer } from "../../../shared/schemas/purchase";
import type { PaymentResponse } from "../../../shared/schemas/answers/orders";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { eventDates, events, orders, paymentMethods, paymentShares, users } from "../../db/schema";
import { settlesCurrency } from "../../payments/currencies";
import { pick } from "../catalogue/rows";
import { INITIAL_STATE } from "../orders/order-states";
import { byCustomer, chooseMethod } from "../order-life/order-life";
import { beginAttempt, closeUnstartedAttempt, isSecondOpenAttempt, lockOrderForPayment, openAttemptOf, sameAttemptOr409 } from "../payment-attempts/open-attempt";
import type { PaymentStart } from "../../payments";
import { notificationUrl, returnUrl, sitePrefixOf } from "../orders/payment-links";
import { recordStart } from "../orders/payment-records";
import { ticketQrText } from "../tickets/ticket-qr";
import { checkMethod } from "../private-events/quote";
import type { PayerOfAttempt } from "../payers/payer";
import { enqueueOrderNotice } from "../notices/order-notice";
import { hashShareToken } from "./place-shares";
import { PAYMENT_CODE } from "../../../shared/domain/payment-codes";

async function shareRows(db: Db, where: ReturnType<typeof eq>) {
  return db
    .select({ share: paymentShares, order: orders, event: events, dateStart: eventDates.startDate, buyer: users })
    .from(paymentShares)
    .innerJoin(orders, eq(orders.id, paymentShares.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(eventDates, eq(eventDates.id, orders.eventDateId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(asc(paymentShares.id));
}

type ShareRow = Awaited<ReturnType<typeof shareRows>>[number];

async function byToken(db: Db, token: string): Promise<ShareRow> {
  const [row] = await shareRows(db, eq(paymentShares.tokenHash, hashShareToken(token)));
  if (!row) throw new ShopError("not_found");
  return row;
}

async function countryMethods(db: Db, countryCode: string, currency: string): Promise<string[]> {
  const rows = await db.select({ code: paymentMethods.code }).from(paymentMethods).where(and(eq(paymentMethods.countryCode, countryCode), eq(paymentMethods.enabled, true)));
  return rows.map((row) => row.code).filter((code) => code !== PAYMENT_CODE.prepagado && settlesCurrency(code as never, currency));
}

export async function getShare(deps: ShopContext, token: string, locale: Locale): Promise<ShareAnswer> {
  const row = await byToken(deps.db, token);
  const state = shareStateOf(row.order.state);
  return {
    name: row.share.name,
    eventName: pick(row.event.translations, locale)?.name ?? "",
    eventDate: row.dateStart?.toISOString() ?? null,
    countryCode: row.event.countryCode,
    amount: row.order.total,
    currency: row.order.currency,
    deadline: row.share.deadline.toISOString(),
    state,
    buyerName: `${row.buyer.firstName} ${row.buyer.lastName}`.trim(),
    orderId: row.order.id,
    // The passenger's own ticket: the share's order is theirs alone, so its signed code is their boarding pass.
    ticketCode: state === SHARE_STATE.paid ? ticketQrText(deps.auth.ticketKey, row.order.id) : null,
    paymentCodes: await countryMethods(deps.db, row.event.countryCode, row.order.currency),
  };
}

/**
 * Start paying one share with a method of the event's country; the share keeps its deadline. One attempt at a time
 * (services/payment-attempts/open-attempt.ts): a second start while one is open answers that attempt again, or
 * 409 `payment_in_progress`, and never opens a second gateway transaction.
 */
async function startShare(deps: ShopContext, row: ShareRow, body: PayQuoteBody, locale: Locale, origin: string | undefined, returnQuery: string, payer: PayerOfAttempt | null): Promise<PaymentStartAnswer> {
  const now = deps.now();
  if (!isAwaiting(row.order.state) || now.getTime() >= row.share.deadline.getTime()) throw new ShopError("share_not_payable");
  const paymentCode = await checkMethod(deps.db, row.event.countryCode, body.paymentCode, row.order.currency);
  const state = INITIAL_STATE[paymentCode];
  const answer = (response: PaymentResponse): PaymentStartAnswer => ({
    orderId: row.order.id,
    paymentCode,
    state,
    holdExpiresAt: row.share.deadline.toISOString(),
    ...response,
  });
  let again: PaymentStartAnswer | null;
  try {
    again = await deps.db.transaction(async (tx): Promise<PaymentStartAnswer | null> => {
      await lockOrderForPayment(tx, row.order.id);
      const open = await openAttemptOf(tx, row.order.id, now, deps.env.PAYMENT_TIMEOUT_MINUTES * 60_000);
      if (open && open.stage !== "placeholder") return answer(sameAttemptOr409(open, paymentCode));
      // The share's chosen method sets the awaiting state its order waits in (the order's life writes it, named
      // after the friend paying: the share's order is the buyer's account, so its history says the customer).
      if (!(await chooseMethod(tx, row.order.id, paymentCode, state as AwaitingState, { ...byCustomer(row.order.userId), name: row.share.email }))) {
        throw new ShopError("share_not_payable");
      }
      await beginAttempt(tx, row.order.id, open, paymentCode, row.order.total, now, payer);
      // Where to transfer goes by mail to whoever pays (the friend, or the buyer paying for them), once per attempt.
      if (paymentCode === PAYMENT_CODE.transferencia) await enqueueOrderNotice(tx, row.order.id, "transfer_instructions");
      return null;
    });
  } catch (error) {
    if (isSecondOpenAttempt(error)) throw new ShopError("payment_in_progress");
    throw error;
  }
  if (again) return again;
  let started: PaymentStart;
  try {
    started = await deps.payments.get(paymentCode).start({
      orderId: row.order.id,
      amount: row.order.total,
      currency: row.order.currency,
      buyerEmail: payer?.email ?? row.buyer.email,
      description: `Rodamos: ${pick(row.event.translations, locale)?.name ?? ""} (1 x ticket)`,
      returnUrl: `${returnUrl(deps, row.order.id, sitePrefixOf(body.url), origin)}${returnQuery}`,
      notificationUrl: notificationUrl(deps.env),
      locale,
    });
  } catch (error) {
    // No gateway transaction was opened: the attempt ends, so the friend may try again at once.
    await closeUnstartedAttempt(deps.db, row.order.id, paymentCode);
    throw error;
  }
  await recordStart(deps.db, row.order.id, started);
  if (paymentCode === PAYMENT_CODE.transferencia) deps.outbox.wake();
  return answer(started.response);
}

export async function payShare(deps: ShopContext, token: string, body: PayQuoteBody, locale: Locale, origin?: string): Promise<PaymentStartAnswer> {
  const row = await byToken(deps.db, token);
  const joiner = returnUrl(deps, row.order.id, sitePrefixOf(body.url), origin).includes("?") ? "&" : "?";
  // Whoever opens the share's own link pays as the friend it was sent to, in the language they read it in.
  return startShare(deps, row, body, locale, origin, `${joiner}share=${encodeURIComponent(token)}`, { name: row.share.name, email: row.share.email, locale });
}

/** The buyer's shared purchase: every share of the order they paid their own seat with. */
export async function orderShares(db: Db, userId: number, buyerOrderId: number): Promise<OrderSharesAnswer> {
  const [own] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, buyerOrderId));
  if (!own || own.userId !== userId) throw new ShopError("not_found");
  const rows = await shareRows(db, eq(paymentShares.buyerOrderId, buyerOrderId));
  return rows.map((row) => ({
    id: row.share.id,
    orderId: row.order.id,
    name: row.share.name,
    email: row.share.email,
    amount: row.order.total,
    currency: row.order.currency,
    deadline: row.share.deadline.toISOString(),
    state: shareStateOf(row.order.state),
  }));
}

/** The buyer pays a share a friend has not paid. */
export async function payShareAsBuyer(deps: ShopContext, userId: number, buyerOrderId: number, shareId: number, body: PayQuoteBody, locale: Locale, origin?: string) {
  const [row] = await shareRows(deps.db, and(eq(paymentShares.id, shareId), eq(paymentShares.buyerOrderId, buyerOrderId))!);
  if (!row || row.order.userId !== userId) throw new ShopError("not_found");
  return startShare(deps, row, body, locale, origin, "", null);
}

/** Whether an order is a share still within its deadline (a refused card leaves it payable, not released). */
export async function isOpenShare(db: Db, orderId: number, now: Date): Promise<boolean> {
  const [row] = await db.select({ deadline: paymentShares.deadline }).from(paymentShares).where(eq(paymentShares.orderId, orderId));
  return row !== undefined && now.getTime() < row.deadline.getTime();
}

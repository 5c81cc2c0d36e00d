/**
 * Who paid an order: the person a payment's mails go to and its invoice and credit notes are made out
 * to. A payment row names its payer when that is not the order's account holder (a friend paying their share through
 * their own link, `payments.payer_*`, migration 0095); otherwise the account holder paid. The payer of an order is
 * the payer of its payment that took the money, else of its newest attempt (transfer instructions, a refused
 * transfer, an event cancelled before anyone paid). Reads only; the row's payer is written when the attempt begins
 * (services/payment-attempts/open-attempt.ts).
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { timeZoneOf } from "../../../shared/format/dates";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/locales";
import type { Db } from "../../db/client";
import { orders, payments, users } from "../../db/schema";

/** What an attempt says of who pays it: null when the order's account holder does. */
export interface PayerOfAttempt {
  name: string;
  email: string;
  locale: Locale;
}

export interface Payer {
  /** The account holder's id when they paid; null for someone without the order's account. */
  userId: number | null;
  name: string;
  /** How a mail greets them. */
  firstName: string;
  email: string;
  locale: Locale;
  /** Their identity document as they gave it (an account holder's); a friend gave none. */
  document: string | null;
  documentType: string | null;
  /** The mail server refused this address for good (an account holder's, as the bounces said). */
  undeliverable: boolean;
  /** Their own clock: the account country's time zone; null for someone without the order's account. */
  timeZone: string | null;
}

export interface OrderPayer {
  payer: Payer;
  /** The order's account holder (the buyer), who made the booking. */
  holder: Payer;
  /** The holder is not the one who paid: they get a copy of what the payer is told of money going back. */
  paidByAnother: boolean;
}

/**
 * A reader's own clock in what the shop sends them (mails, texts, PDFs): their account's country's time zone. Null
 * for someone the shop knows no account of, who is not told whose clock a time is in: the event's is the rule.
 */
export function readerZoneOf(account: { countryCode: string | null } | null | undefined): string | null {
  return account?.countryCode ? timeZoneOf(account.countryCode) : null;
}

/** Payment rows whose money was taken (given back since or not): the payer of the order is theirs. */
const TOOK_MONEY = [PAYMENT_STATE.approved, PAYMENT_STATE.refund_due, PAYMENT_STATE.refunded];

const localeOr = (value: string | null | undefined, fallback: Locale): Locale => (value && isLocale(value) ? value : fallback);

/** The payment's payer columns for an attempt the order's account holder pays (all null) or another person pays. */
export function payerColumns(payer: PayerOfAttempt | null) {
  return { payerName: payer?.name ?? null, payerEmail: payer?.email ?? null, payerLocale: payer?.locale ?? null };
}

/**
 * The order's payer and account holder. `paymentId` names the payment in question (a refund's); without it, the
 * payment that took the money, else the newest attempt. Null when the order is gone. `loaded`: the order's account
 * holder's row when the caller read it already (the order desk, the order mails), so it is not read twice.
 */
export async function payerOf(db: Db, orderId: number, paymentId: number | null = null, loaded?: typeof users.$inferSelect): Promise<OrderPayer | null> {
  const [row] = loaded ? [{ user: loaded }] : await db.select({ user: users }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, orderId));
  if (!row) return null;
  const { user } = row;
  const holder: Payer = {
    userId: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    email: user.email,
    locale: localeOr(user.localeCode, DEFAULT_LOCALE),
    document: user.rut?.trim() || null,
    documentType: user.documentType,
    undeliverable: user.emailUndeliverableAt !== null,
    timeZone: readerZoneOf(user),
  };
  const columns = { payerName: payments.payerName, payerEmail: payments.payerEmail, payerLocale: payments.payerLocale };
  const [named] = paymentId !== null ? await db.select(columns).from(payments).where(and(eq(payments.id, paymentId), eq(payments.orderId, orderId))) : [];
  const [took] = named ? [] : await db.select(columns).from(payments).where(and(eq(payments.orderId, orderId), inArray(payments.state, TOOK_MONEY))).orderBy(desc(payments.id)).limit(1);
  const [newest] = named || took ? [] : await db.select(columns).from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1);
  const payment = named ?? took ?? newest;
  if (!payment?.payerEmail || payment.payerEmail.trim().toLowerCase() === user.email.trim().toLowerCase()) return { payer: holder, holder, paidByAnother: false };
  const name = payment.payerName?.trim() || payment.payerEmail;
  return {
    payer: { userId: null, name, firstName: name, email: payment.payerEmail.trim(), locale: localeOr(payment.payerLocale, holder.locale), document: null, documentType: null, undeliverable: false, timeZone: null },
    holder,
    paidByAnother: true,
  };
}

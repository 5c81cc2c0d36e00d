/**
 * The van-door check-in (POST /order/{orderId}/check-complete). A ticket is
 * let in only when its code carries the shop's signature for the path's order and that order is paid. Each
 * order has two check-ins, one per leg (home to the event, back home); a second scan of a leg is recorded
 * nowhere and answered as a repeat with the first scan's time and staff member, so a copied code shows up.
 */
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ShopError, type ShopErrorCode } from "../../../shared/domain/shop-error";
import type { Locale } from "../../../shared/locales";
import type { CheckCompleteAnswer } from "../../../shared/schemas/answers/checkin";
import type { CheckComplete, CheckInLeg } from "../../../shared/schemas/checkin";
import type { ShopContext } from "../../context";
import { checkIns } from "../../db/schema";
import { readTicketQr } from "../orders/ticket-qr";
import { checkInsOf, ticketHolder, type TicketHolder } from "./ticket-holders";

/** Why an order's ticket may not ride, by the order's state (null: paid, it may). */
export function stateRefusal(state: string): ShopErrorCode | null {
  if (state === ORDER_STATE.paid) return null;
  if (state === ORDER_STATE.cancelled) return "ticket_cancelled";
  if (state === ORDER_STATE.expired) return "ticket_expired";
  return "ticket_not_paid";
}

/** The order a scanned code lets in, or the refusal. */
export async function admittedOrder(deps: ShopContext, qr: string, locale: Locale, expectedOrderId?: number): Promise<TicketHolder> {
  const orderId = readTicketQr(deps.auth.ticketKey, qr);
  if (orderId === null) throw new ShopError("ticket_invalid");
  if (expectedOrderId !== undefined && orderId !== expectedOrderId) throw new ShopError("ticket_other_order");
  const holder = await ticketHolder(deps.db, orderId, locale);
  if (!holder) throw new ShopError("not_found");
  const refusal = stateRefusal(holder.state);
  if (refusal) throw new ShopError(refusal);
  return holder;
}

export interface LegCheckIn {
  /** True when this call wrote the check-in; false when the leg had one already. */
  created: boolean;
  at: string;
  staffName: string | null;
  nonce: string;
}

/** Writes the leg's check-in unless it has one; either way answers the leg's (first) check-in. */
export async function recordCheckIn(
  deps: ShopContext,
  entry: { orderId: number; leg: CheckInLeg; staffId: number; nonce: string; at: Date },
): Promise<LegCheckIn> {
  // One statement: the unique (order, leg) index settles two doors scanning the same code at once.
  const [written] = await deps.db
    .insert(checkIns)
    .values({ orderId: entry.orderId, leg: entry.leg, staffId: entry.staffId, nonce: entry.nonce, createdAt: entry.at })
    .onConflictDoNothing({ target: [checkIns.orderId, checkIns.leg] })
    .returning({ nonce: checkIns.nonce });
  const [first] = (await checkInsOf(deps.db, [entry.orderId], entry.leg)).get(entry.orderId) ?? [];
  const [stored] = written
    ? [written]
    : await deps.db.select({ nonce: checkIns.nonce }).from(checkIns).where(and(eq(checkIns.orderId, entry.orderId), eq(checkIns.leg, entry.leg)));
  return { created: Boolean(written), at: first!.at, staffName: first!.staffName, nonce: stored!.nonce };
}

export async function checkComplete(deps: ShopContext, staffId: number, orderId: number, body: CheckComplete, locale: Locale): Promise<CheckCompleteAnswer> {
  const holder = await admittedOrder(deps, body.qr, locale, orderId);
  const checkIn = await recordCheckIn(deps, { orderId, leg: body.leg, staffId, nonce: randomUUID(), at: deps.now() });
  const { state: _state, ...shown } = holder;
  return {
    ...shown,
    leg: body.leg,
    checkedInAt: checkIn.at,
    alreadyCheckedIn: !checkIn.created,
    checkedInBy: checkIn.staffName,
  };
}

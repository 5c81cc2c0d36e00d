/**
 * Orders' money after refunds (src/shared/domain/order-money.ts), read once here for the refund mail, the account
 * page, the order desk and the exports, so all four show the same figures. `paid` is what the order's payments
 * took (given back later or not); an order paid without a payment row (prepaid, fully discounted) counts the
 * value it was sold for, its refunded tickets' split orders included. `refunded` is every refund row of the
 * order (a refund of some passengers is the parent order's row, naming its split order).
 */
import { and, inArray, sql } from "drizzle-orm";
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { orderMoney, type OrderMoney } from "../../../shared/domain/order-money";
import type { Db } from "../../db/client";
import { orders, payments, refunds } from "../../db/schema";

/** Payment rows whose money the shop took (given back later or not). */
const TAKEN = [PAYMENT_STATE.approved, PAYMENT_STATE.refunded, PAYMENT_STATE.refund_due];

export async function orderMoneyOf(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderMoney>> {
  const ids = [...new Set(orderIds)];
  const result = new Map<number, OrderMoney>();
  if (ids.length === 0) return result;
  const [rows, taken, given, splits] = await Promise.all([
    db.select({ id: orders.id, total: orders.total, state: orders.state }).from(orders).where(inArray(orders.id, ids)),
    db
      .select({ orderId: payments.orderId, n: sql<number>`sum(${payments.amount})::int`, count: sql<number>`count(*)::int` })
      .from(payments)
      .where(and(inArray(payments.orderId, ids), inArray(payments.state, TAKEN)))
      .groupBy(payments.orderId),
    db.select({ orderId: refunds.orderId, n: sql<number>`sum(${refunds.amount})::int` }).from(refunds).where(inArray(refunds.orderId, ids)).groupBy(refunds.orderId),
    db.select({ orderId: orders.splitFromId, n: sql<number>`sum(${orders.total})::int` }).from(orders).where(inArray(orders.splitFromId, ids)).groupBy(orders.splitFromId),
  ]);
  const sumOf = (list: { orderId: number | null; n: number }[], id: number) => Number(list.find((row) => row.orderId === id)?.n ?? 0);
  for (const row of rows) {
    const refunded = sumOf(given, row.id);
    const hasPayment = taken.some((payment) => payment.orderId === row.id);
    const soldFor = row.total + sumOf(splits, row.id);
    const paid = hasPayment ? sumOf(taken, row.id) : row.state === ORDER_STATE.paid || refunded > 0 ? soldFor : 0;
    result.set(row.id, orderMoney(row.total, paid, refunded));
  }
  return result;
}

/** One order's money (zeros when it does not exist). */
export async function orderMoneyOfOne(db: Db, orderId: number): Promise<OrderMoney> {
  return (await orderMoneyOf(db, [orderId])).get(orderId) ?? orderMoney(0, 0, 0);
}


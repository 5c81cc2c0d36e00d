/** An order's money after refunds (src/shared/domain/order-money.ts), minor units of the order's currency. */
import * as z from "zod/mini";

export const orderMoneySchema = z.object({
  /** What its payments took. */
  paid: z.number(),
  /** Every refund of it, given or still owed. */
  refunded: z.number(),
  /** Paid minus refunded. */
  net: z.number(),
  /** The order's total: what it was sold for until a refund, its net after one. */
  total: z.number(),
});

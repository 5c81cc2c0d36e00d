/**
 * The purchase API, mounted under /shop-api by app.ts: orders (init-payment, order-status, order-detail), the
 * payment return and webhook, discount codes and the staff transfer confirmation (docs/api.md "Orders").
 */
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { discountRoutes } from "../discounts/discounts.routes";
import { checkinRoutes } from "../staff/checkin.routes";
import { staffRoutes } from "../staff/staff.routes";
import { orderRoutes } from "./orders.routes";
import { paymentReturnRoutes } from "./payment-return.routes";
import { selfCancelRoutes } from "./self-cancel.routes";
import { shareRoutes } from "../shares/shares.routes";
import { waitingListRoutes } from "../waiting-list/waiting-list.routes";

export { startExpirySweeper } from "../../services/orders/sweeper";

export const purchaseApi = new Hono<AppEnv>()
  .route("/", orderRoutes)
  .route("/", selfCancelRoutes)
  .route("/", shareRoutes)
  .route("/", waitingListRoutes)
  .route("/payments", paymentReturnRoutes)
  .route("/discounts", discountRoutes)
  .route("/staff", staffRoutes)
  .route("/", checkinRoutes);

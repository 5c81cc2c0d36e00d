/**
 * The purchase API, mounted under /shop-api by app.ts: orders (init-payment, order-status, order-detail), self
 * cancellation, shares, the payment return and webhook, and discount codes (docs/api.md "Orders"). The staff area
 * and the van door are routers of their own, mounted by app.ts beside this one.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { discountRoutes } from "../discounts/discounts.routes";
import { orderRoutes } from "./orders.routes";
import { paymentReturnRoutes } from "./payment-return.routes";
import { selfCancelRoutes } from "./self-cancel.routes";
import { invoiceRoutes } from "./invoices.routes";
import { shareRoutes } from "../shares/shares.routes";
import { waitingListRoutes } from "../waiting-list/waiting-list.routes";

export const purchaseApi = new Hono<AppEnv>()
  .route("/", orderRoutes)
  .route("/", selfCancelRoutes)
  .route("/", invoiceRoutes)
  .route("/", shareRoutes)
  .route("/", waitingListRoutes)
  .route("/payments", paymentReturnRoutes)
  .route("/discounts", discountRoutes);

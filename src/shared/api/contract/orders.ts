/** Purchases, their payment state and detail, payment returns and the staff transfer confirmation under /shop-api. */
import * as z from "zod/mini";
import { pathRowId, route, rowIdPath as orderIdPath, type RouteSpec } from "../route-spec";
import { discountPathSchema, orderStatusQuerySchema, purchaseSchema } from "../../schemas/purchase";
import { idempotencyHeadersSchema } from "../../schemas/idempotency";
import * as orders from "../../schemas/answers/orders";

/** The payment return's path: the order (a miss answers 404) and the shop's signature of its id. */
const returnPath = z.object({ orderId: pathRowId, key: z.string() });

export const orderRoutes = {
  "POST /shop-api/init-payment": route({
    tag: "orders",
    summary: "Buy: place the order and start its payment",
    description:
      "Price fields a client adds are dropped. A refused gateway cancels the order and releases its seats. In a rush a purchase may be answered 503 `purchase_queue_full` with `Retry-After`, `retryAfter` and `position`: send it again after that many seconds. While the database is out of reach it is answered 503 `database_unavailable` with `Retry-After`: nothing was written, send it again after that many seconds. If the database stopped answering just as the order was being saved, it is answered 503 `outcome_unknown`: the order may exist; sent again under the same `Idempotency-Key` it is answered as the first, without one look at the buyer's orders first. Send an `Idempotency-Key` (one per purchase, the same on every retry): however often or concurrently a purchase is sent under it, one order is made, and every send within 24 hours is answered as the first.",
    auth: "bearer",
    headers: idempotencyHeadersSchema,
    body: purchaseSchema,
    status: 201,
    answer: orders.paymentStartAnswerSchema,
    refusals: {
      401: ["unauthorized"],
      403: ["event_not_invited"],
      404: ["not_found"],
      409: ["stock_exhausted", "discount_used_up", "idempotency_key_in_use"],
      410: ["event_gone"],
      422: [
        "validation_failed",
        "unknown_event_date",
        "unknown_province",
        "variant_not_in_event",
        "variant_not_in_province",
        "place_not_in_event",
        "over_capacity",
        "too_many_addresses",
        "approach_invalid",
        "unknown_county",
        "payment_method_unavailable",
        "prepaid_only",
        "discount_invalid",
        "discount_expired",
        "discount_not_applicable",
        "shares_unavailable",
        "idempotency_key_reused",
      ],
      502: ["payment_gateway_unavailable", "payment_gateway_refused"],
      503: ["purchase_queue_full", "database_unavailable", "outcome_unknown"],
    },
  }),
  "GET /shop-api/order-status/:id": route({
    tag: "orders",
    summary: "An order's payment state (the payment result page)",
    description:
      "For the buyer's bearer token, or for anyone holding the `key` of the order's payment return link (the shop signed it; " +
      "the result page is sent there with it), so a buyer whose browser has no session sees the result. Only the state is answered.",
    params: orderIdPath,
    query: orderStatusQuerySchema,
    access: "bearer-or-link-key",
    answer: orders.orderStatusAnswerSchema,
    refusals: { 401: ["unauthorized"], 404: ["not_found"] },
  }),
  "GET /shop-api/order-detail/:id": route({
    tag: "orders",
    summary: "The owner's purchase detail (any path suffix after the id is ignored)",
    auth: "bearer",
    params: orderIdPath,
    answer: orders.orderDetailAnswerSchema,
    refusals: { 401: ["unauthorized"], 404: ["not_found"] },
  }),
  "GET /shop-api/discounts/:code/event/:eventId": route({
    tag: "orders",
    summary: "A discount code's variation and discount price per subcategory",
    auth: "bearer",
    params: discountPathSchema,
    answer: orders.discountAnswerSchema,
    refusals: { 401: ["unauthorized"], 409: ["discount_used_up"], 422: ["validation_failed", "discount_invalid", "discount_expired"] },
  }),
  "GET /shop-api/payments/return/:orderId/:key": route({
    tag: "orders",
    summary: "The buyer's browser back from the payment provider",
    description: "`key` is the shop's signature of the order id. Redirects (303) to `{site prefix}/order-detail/{orderId}?state=` (or `?error=`).",
    params: returnPath,
    query: z.object({ site: z.optional(z.string()) }),
    redirect: { status: 303, to: "the order page" },
    refusals: { 404: ["not_found"] },
  }),
  "POST /shop-api/payments/return/:orderId/:key": route({
    tag: "orders",
    summary: "The buyer's browser back from the payment provider (a Webpay cancel posts a form)",
    params: returnPath,
    query: z.object({ site: z.optional(z.string()) }),
    redirect: { status: 303, to: "the order page" },
    refusals: { 404: ["not_found"] },
  }),
  "POST /shop-api/payments/mercadopago/webhook": route({
    tag: "orders",
    summary: "MercadoPago's signed payment notification",
    answer: orders.webhookAnswerSchema,
    refusals: { 401: ["payment_signature_invalid"] },
  }),
  "POST /shop-api/staff/orders/:id/confirm-transfer": route({
    tag: "orders",
    summary: "Staff: a bank transfer arrived; the order becomes paid and the buyer is mailed once",
    auth: "staff",
    params: orderIdPath,
    answer: orders.transferConfirmationSchema,
    refusals: { 401: ["unauthorized"], 403: ["forbidden"], 404: ["not_found"], 409: ["order_not_awaiting_transfer", "transfer_too_late"] },
  }),
} as const satisfies Record<string, RouteSpec>;

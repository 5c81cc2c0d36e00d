/**
 * Shared purchases: every passenger but the buyer pays their own seat through a personal link. Spread into the
 * shop API's contract (src/shared/api/contract/index.ts).
 */
import * as z from "zod/mini";
import { pathRowId, rowIdPath, type RouteSpec } from "../route-spec";
import { namesRow } from "../../schemas/path-params";
import { payQuoteSchema } from "../../schemas/private-event-quotes";
import { idempotencyHeadersSchema } from "../../schemas/idempotency";
import { paymentStartAnswerSchema } from "../../schemas/answers/orders";
import { orderSharesAnswerSchema, shareAnswerSchema } from "../../schemas/answers/shares";

const route = <const R extends RouteSpec>(spec: R) => spec;
const idPath = rowIdPath;
const sharePath = z.object({ id: pathRowId, shareId: pathRowId });
const tokenPath = z.object({ token: namesRow(z.string().check(z.regex(/^[\w-]{20,100}$/))) });
const own = { 401: ["unauthorized"], 404: ["not_found"] } as const;
const payRefusals = ["validation_failed", "payment_method_unavailable", "idempotency_key_reused"] as const;
const gateway = { 502: ["payment_gateway_unavailable", "payment_gateway_refused"] } as const;

export const shareRoutes = {
  "GET /shop-api/shares/:token": route({
    tag: "orders",
    summary: "A passenger's share of a shared purchase, by its personal link (no sign-in)",
    params: tokenPath,
    answer: shareAnswerSchema,
    refusals: { 404: ["not_found"] },
  }),
  "POST /shop-api/shares/:token/pay": route({
    tag: "orders",
    summary: "Pay a share with one of the country's methods (answers like init-payment)",
    description: "An `Idempotency-Key` makes repeats of one payment answer as the first, as for init-payment.",
    params: tokenPath,
    headers: idempotencyHeadersSchema,
    body: payQuoteSchema,
    status: 201,
    answer: paymentStartAnswerSchema,
    refusals: { 404: ["not_found"], 409: ["share_not_payable", "payment_in_progress", "idempotency_key_in_use"], 422: [...payRefusals], ...gateway },
  }),
  "GET /shop-api/orders/:id/shares": route({
    tag: "orders",
    summary: "The buyer's shared purchase: each passenger's share and whether it is paid",
    auth: "bearer",
    params: idPath,
    answer: orderSharesAnswerSchema,
    refusals: own,
  }),
  "POST /shop-api/orders/:id/shares/:shareId/pay": route({
    tag: "orders",
    summary: "The buyer pays a share a friend has not paid",
    description: "An `Idempotency-Key` makes repeats of one payment answer as the first, as for init-payment.",
    auth: "bearer",
    params: sharePath,
    headers: idempotencyHeadersSchema,
    body: payQuoteSchema,
    status: 201,
    answer: paymentStartAnswerSchema,
    refusals: { ...own, 409: ["share_not_payable", "payment_in_progress", "idempotency_key_in_use"], 422: [...payRefusals], ...gateway },
  }),
} as const satisfies Record<string, RouteSpec>;

/**
 * The shop API's contract: every JSON route, keyed "METHOD /full/path/:param", with its request (path
 * parameters, query, JSON body) and answer schemas. The server documents and types its handlers from it and
 * serves it as OpenAPI at /api/openapi.json; the browser's client reads it as a type only (no schema reaches
 * the bundle), so an island's answer type is the one the server is held to.
 * Not here, on purpose: the payment simulators (/payments-sim) and the dev mail drop (/dev), which speak the
 * providers' protocols or HTML; docs/api.md lists them.
 */
import * as z from "zod/mini";
import { frequentAddressSchema, frequentFriendSchema, myAddressSchema, profileSchema } from "../schemas/account";
import { loginSchema, oneTimeTokenQuery, recoverySchema, resetPasswordSchema, signUpSchema } from "../schemas/auth";
import {
  channelHostSchema,
  countryQuerySchema,
  eventIdOrSlugPathSchema,
  eventRefPathSchema,
  eventsQuerySchema,
  productVariantQuerySchema,
  searchQuerySchema,
} from "../schemas/catalog";
import { contactSchema, marriageSchema, quoteSchema } from "../schemas/leads";
import { discountPathSchema, orderStatusQuerySchema, purchaseSchema } from "../schemas/purchase";
import * as account from "../schemas/answers/account";
import * as catalog from "../schemas/answers/catalog";
import * as orders from "../schemas/answers/orders";
import { staffRunsRoutes } from "./routes/staff-runs";
import { orderDeskRoutes } from "./routes/order-desk";
import { waitingListRoutes } from "./routes/waiting-list";
import { privateEventRoutes } from "./routes/private-events";
import { groupRoutes } from "./routes/groups";
import { shareRoutes } from "./routes/shares";
import { accountSessionRoutes } from "./routes/account-sessions";
import { mailPreferenceRoutes } from "./routes/mail-preferences";
import { checkinRoutes } from "./routes/checkin";
import { adminRoutes } from "./routes/admin";
import { route, type RouteSpec } from "./route-spec";

export { route, type RefusalStatus, type RouteSpec } from "./route-spec";
import { dispatchRoutes } from "./routes/dispatch";

/** A row id in a path: anything that is not a positive integer names no row (404). */
const rowIdPath = z.object({ id: z.string().check(z.regex(/^\d+$/)) });
const orderIdPath = rowIdPath;
const tokenQuery = oneTimeTokenQuery;
const countryRefusal = { 422: ["unknown_country"] } as const;
const onlyOwnRows = { 401: ["unauthorized"], 404: ["not_found"], 422: ["validation_failed"] } as const;

export const shopApi = {
  ...checkinRoutes,
  ...dispatchRoutes,
  // ---- public catalogue (/api) ----
  "GET /api/health": route({
    tag: "catalogue",
    summary: "The process answers",
    description: "Liveness: answers without touching the database, so it stays cheap for a load balancer to ask often.",
    answer: catalog.healthSchema,
  }),
  "GET /api/ready": route({
    tag: "catalogue",
    summary: "The shop can serve: its database answers",
    description: "Readiness: runs one query on the database; 503 `not_ready` while it cannot be reached.",
    answer: catalog.readySchema,
    refusals: { 503: ["not_ready"] },
  }),
  "GET /api/landing-slides": route({
    tag: "catalogue",
    summary: "Landing slides of a country, in sort order",
    description: "`url` is a site path without the country/locale prefix; `alt` is in the caller's language.",
    query: countryQuerySchema,
    answer: z.array(catalog.landingSlideSchema),
    refusals: countryRefusal,
  }),
  "GET /api/recommended-events": route({
    tag: "catalogue",
    summary: "Recommended events (types 1 and 3), soonest first",
    query: countryQuerySchema,
    answer: z.array(catalog.recommendedEventSchema),
    refusals: countryRefusal,
  }),
  "GET /api/events": route({
    tag: "catalogue",
    summary: "Upcoming events of a type, soonest first",
    description: "`type=2` (private) answers `[]`. Each item carries its next 10 upcoming calendars at most.",
    query: eventsQuerySchema,
    answer: z.array(catalog.eventListItemSchema),
    refusals: { 422: ["validation_failed", "unknown_country"] },
  }),
  "GET /api/search": route({
    tag: "catalogue",
    summary: "Upcoming events whose name or venue contains q",
    description: "Ignores case, accents and apostrophes.",
    query: searchQuerySchema,
    answer: z.array(catalog.eventListItemSchema),
    refusals: { 422: ["validation_failed", "unknown_country"] },
  }),
  "GET /api/events/:id/product-variant": route({
    tag: "catalogue",
    summary: "What an event sells: categories by priority, with every province's subcategories and live stock",
    description: "`id` is the event's id or slug. A private event answers only by its slug, and a login-only one only to its owner and guests (bearer), as its detail does.",
    params: eventIdOrSlugPathSchema,
    query: productVariantQuerySchema,
    answer: z.array(catalog.categorySchema),
    refusals: { 404: ["not_found"], 410: ["event_gone"], 422: ["validation_failed", "unknown_event_date"] },
  }),
  "GET /api/events/:ref": route({
    tag: "catalogue",
    summary: "One event by slug or id",
    description: "A login-only private event answers only its message (`{ id, slug, message }`).",
    params: eventRefPathSchema,
    answer: catalog.eventViewSchema,
    refusals: { 404: ["not_found"], 410: ["event_gone"] },
  }),
  "GET /api/provinces/by-event/:id": route({
    tag: "catalogue",
    summary: "Provinces an event sells in, each with all its counties",
    description: "`id` is the event's id or slug, under the same rule as the event's offer.",
    params: eventIdOrSlugPathSchema,
    answer: z.array(catalog.provinceOptionSchema),
    refusals: { 404: ["not_found"], 410: ["event_gone"], 422: ["validation_failed"] },
  }),
  "GET /api/countries": route({ tag: "catalogue", summary: "The countries the shop sells in", answer: z.array(catalog.countrySchema) }),
  "GET /api/locales": route({
    tag: "catalogue",
    summary: "A country's languages, its own first",
    query: countryQuerySchema,
    answer: z.array(catalog.localeOptionSchema),
    refusals: countryRefusal,
  }),
  "GET /api/channels/:host": route({
    tag: "catalogue",
    summary: "The country and language a host name serves (unknown hosts: CO / es_CO)",
    params: channelHostSchema,
    answer: catalog.channelSchema,
    refusals: { 422: ["validation_failed"] },
  }),
  "GET /api/counties": route({
    tag: "catalogue",
    summary: "A country's counties, by province then name",
    query: countryQuerySchema,
    answer: z.array(catalog.countyOptionSchema),
    refusals: countryRefusal,
  }),
  "GET /api/landing-comments": route({
    tag: "catalogue",
    summary: "Community posts of a country",
    query: countryQuerySchema,
    answer: z.array(catalog.communityPostSchema),
    refusals: countryRefusal,
  }),
  "GET /api/partners": route({ tag: "catalogue", summary: "Partner logos", answer: z.array(catalog.partnerSchema) }),
  "GET /api/payment-methods": route({
    tag: "catalogue",
    summary: "A country's payment methods in display order (first = default)",
    query: countryQuerySchema,
    answer: z.array(catalog.paymentMethodSchema),
    refusals: countryRefusal,
  }),
  "POST /api/contact": route({
    tag: "catalogue",
    summary: "The contact form",
    query: countryQuerySchema,
    body: contactSchema,
    status: 201,
    answer: catalog.leadStoredSchema,
    refusals: { 422: ["validation_failed", "unknown_country"], 429: ["too_many_attempts"] },
  }),
  "POST /api/marriage": route({
    tag: "catalogue",
    summary: "The marriage request form",
    query: countryQuerySchema,
    body: marriageSchema,
    status: 201,
    answer: catalog.leadStoredSchema,
    refusals: { 422: ["validation_failed", "unknown_country"], 429: ["too_many_attempts"] },
  }),
  "POST /api/quote": route({
    tag: "catalogue",
    summary: "The about-us quote form",
    query: countryQuerySchema,
    body: quoteSchema,
    status: 201,
    answer: catalog.leadStoredSchema,
    refusals: { 422: ["validation_failed", "unknown_country"], 429: ["too_many_attempts"] },
  }),

  ...accountSessionRoutes,
  ...mailPreferenceRoutes,
  // ---- accounts (/shop-api) ----
  "POST /shop-api/register": route({
    tag: "accounts",
    summary: "Sign up; mails the verification link",
    body: signUpSchema,
    status: 201,
    answer: account.registeredSchema,
    refusals: { 409: ["email_already_registered"], 422: ["validation_failed"], 429: ["too_many_attempts"] },
  }),
  "GET /shop-api/verify-account": route({
    tag: "accounts",
    summary: "Verify an account with the mailed link's token",
    query: tokenQuery,
    answer: account.verifiedSchema,
    refusals: { 400: ["token_invalid"], 410: ["token_expired", "token_used"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/resend-verification": route({
    tag: "accounts",
    summary: "Mail the verification link again",
    body: recoverySchema,
    answer: account.mailSentSchema,
    refusals: { 404: ["email_not_registered"], 409: ["account_already_verified"], 422: ["validation_failed"], 429: ["too_many_attempts"] },
  }),
  "POST /shop-api/login": route({
    tag: "accounts",
    summary: "Log in: a bearer token",
    body: loginSchema,
    answer: account.loginAnswerSchema,
    refusals: { 401: ["login_error"], 403: ["account_not_verified"], 422: ["validation_failed"], 429: ["too_many_attempts"] },
  }),
  "POST /shop-api/recovery": route({
    tag: "accounts",
    summary: "Mail a password recovery link",
    body: recoverySchema,
    answer: account.mailSentSchema,
    refusals: { 404: ["email_not_registered"], 422: ["validation_failed"], 429: ["too_many_attempts"] },
  }),
  "POST /shop-api/reset-password": route({
    tag: "accounts",
    summary: "Set a new password with the recovery link's token",
    description: "A mismatch (422 `passwords_must_match`) does not spend the link.",
    query: tokenQuery,
    body: resetPasswordSchema,
    answer: account.passwordResetSchema,
    refusals: { 400: ["token_invalid"], 410: ["token_expired", "token_used"], 422: ["validation_failed"] },
  }),
  "GET /shop-api/session": route({
    tag: "accounts",
    summary: "The session check that follows log-in",
    auth: "bearer",
    answer: account.sessionAnswerSchema,
    refusals: { 401: ["unauthorized"] },
  }),
  "GET /shop-api/me": route({
    tag: "accounts",
    summary: "The caller's profile, with frequent friends and addresses",
    auth: "bearer",
    answer: account.profileAnswerSchema,
    refusals: { 401: ["unauthorized"] },
  }),
  "PUT /shop-api/me": route({
    tag: "accounts",
    summary: "Save the caller's profile",
    description: "`email` must be the current one: a new email goes through POST /shop-api/me/email.",
    auth: "bearer",
    body: profileSchema,
    answer: account.profileAnswerSchema,
    refusals: { 401: ["unauthorized"], 422: ["validation_failed", "email_change_needs_password"] },
  }),
  "GET /shop-api/frequent-friends": route({
    tag: "accounts",
    summary: "The caller's frequent friends",
    auth: "bearer",
    answer: z.array(account.frequentFriendSchema),
    refusals: { 401: ["unauthorized"] },
  }),
  "POST /shop-api/frequent-friends": route({
    tag: "accounts",
    summary: "Add a frequent friend",
    auth: "bearer",
    body: frequentFriendSchema,
    status: 201,
    answer: account.frequentFriendSchema,
    refusals: { 401: ["unauthorized"], 422: ["validation_failed"] },
  }),
  "PUT /shop-api/frequent-friends/:id": route({
    tag: "accounts",
    summary: "Edit a frequent friend",
    auth: "bearer",
    params: rowIdPath,
    body: frequentFriendSchema,
    answer: account.frequentFriendSchema,
    refusals: onlyOwnRows,
  }),
  "DELETE /shop-api/frequent-friends/:id": route({
    tag: "accounts",
    summary: "Delete a frequent friend",
    auth: "bearer",
    params: rowIdPath,
    answer: account.deletedSchema,
    refusals: { 401: ["unauthorized"], 404: ["not_found"] },
  }),
  "GET /shop-api/frequent-addresses": route({
    tag: "accounts",
    summary: "The caller's frequent addresses",
    auth: "bearer",
    answer: z.array(account.frequentAddressSchema),
    refusals: { 401: ["unauthorized"] },
  }),
  "POST /shop-api/frequent-addresses": route({
    tag: "accounts",
    summary: "Add a frequent address (marking it own unmarks the others)",
    auth: "bearer",
    body: frequentAddressSchema,
    status: 201,
    answer: account.frequentAddressSchema,
    refusals: { 401: ["unauthorized"], 422: ["validation_failed"] },
  }),
  "PUT /shop-api/frequent-addresses/:id": route({
    tag: "accounts",
    summary: "Edit a frequent address",
    auth: "bearer",
    params: rowIdPath,
    body: frequentAddressSchema,
    answer: account.frequentAddressSchema,
    refusals: onlyOwnRows,
  }),
  "DELETE /shop-api/frequent-addresses/:id": route({
    tag: "accounts",
    summary: "Delete a frequent address",
    auth: "bearer",
    params: rowIdPath,
    answer: account.deletedSchema,
    refusals: { 401: ["unauthorized"], 404: ["not_found"] },
  }),
  "PUT /shop-api/frequent-addresses/:id/my-address": route({
    tag: "accounts",
    summary: "Mark (no body) or unmark (`{ myAddress: 0 }`) the caller's own address; answers the whole list",
    auth: "bearer",
    params: rowIdPath,
    body: myAddressSchema,
    answer: z.array(account.frequentAddressSchema),
    refusals: onlyOwnRows,
  }),
  "GET /shop-api/payment-history": route({
    tag: "accounts",
    summary: "The caller's purchases, newest first",
    auth: "bearer",
    answer: z.array(account.purchaseItemSchema),
    refusals: { 401: ["unauthorized"] },
  }),
  "GET /shop-api/events/:ref": route({
    tag: "accounts",
    summary: "One event for a signed-in caller: a private event's owner and guests get all of it, others its message",
    auth: "bearer",
    params: eventRefPathSchema,
    answer: catalog.eventViewSchema,
    refusals: { 401: ["unauthorized"], 404: ["not_found"], 410: ["event_gone"] },
  }),

  // ---- orders (/shop-api) ----
  "POST /shop-api/init-payment": route({
    tag: "orders",
    summary: "Buy: place the order and start its payment",
    description:
      "Price fields a client adds are dropped. A refused gateway cancels the order and releases its seats. In a rush a purchase may be answered 503 `purchase_queue_full` with `Retry-After`, `retryAfter` and `position`: send it again after that many seconds.",
    auth: "bearer",
    body: purchaseSchema,
    status: 201,
    answer: orders.paymentStartAnswerSchema,
    refusals: {
      401: ["unauthorized"],
      403: ["event_not_invited"],
      404: ["not_found"],
      409: ["stock_exhausted", "discount_used_up"],
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
      ],
      502: ["payment_gateway_unavailable", "payment_gateway_refused"],
      503: ["purchase_queue_full"],
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
    params: z.object({ orderId: z.string(), key: z.string() }),
    query: z.object({ site: z.optional(z.string()) }),
    redirect: { status: 303, to: "the order page" },
    refusals: { 404: ["not_found"] },
  }),
  "POST /shop-api/payments/return/:orderId/:key": route({
    tag: "orders",
    summary: "The buyer's browser back from the payment provider (a Webpay cancel posts a form)",
    params: z.object({ orderId: z.string(), key: z.string() }),
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
    refusals: { 401: ["unauthorized"], 403: ["forbidden"], 404: ["not_found"], 409: ["order_not_awaiting_transfer", "stock_exhausted"] },
  }),
  ...staffRunsRoutes,
  ...orderDeskRoutes,
  ...waitingListRoutes,
  ...privateEventRoutes,
  ...groupRoutes,
  ...shareRoutes,
  ...adminRoutes,
} as const satisfies Record<string, RouteSpec>;

export type ShopApi = typeof shopApi;
export type RouteKey = keyof ShopApi;
/** The routes that answer JSON (every one but the payment return's redirect). */
export type JsonRouteKey = { [K in RouteKey]: ShopApi[K] extends { answer: z.ZodMiniType } ? K : never }[RouteKey];
export type AnswerOf<K extends JsonRouteKey> = ShopApi[K] extends { answer: infer S extends z.ZodMiniType } ? z.infer<S> : never;
export type BodyOf<K extends RouteKey> = ShopApi[K] extends { body: infer S extends z.ZodMiniType } ? z.input<S> : never;

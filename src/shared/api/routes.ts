/**
 * The shop API's contract: every JSON route, keyed "METHOD /full/path/:param", with its request (path
 * parameters, query, JSON body) and answer schemas. The server documents and types its handlers from it and
 * serves it as OpenAPI at /api/openapi.json; the browser's client reads it as a type only (no schema reaches
 * the bundle), so an island's answer type is the one the server is held to.
 * Each area declares its routes in its own file under ./routes/ (with `route()` from ./route-spec.ts); this file only
 * lists the areas and derives the types the server and the client read.
 * Not here, on purpose: the payment simulators (/payments-sim) and the dev mail drop (/dev), which speak the
 * providers' protocols or HTML; docs/api.md lists them.
 */
import type * as z from "zod/mini";
import { accountRoutes } from "./routes/accounts";
import { accountSessionRoutes } from "./routes/account-sessions";
import { adminRoutes } from "./routes/admin";
import { catalogueRoutes } from "./routes/catalogue";
import { checkinRoutes } from "./routes/checkin";
import { dispatchRoutes } from "./routes/dispatch";
import { privateEventQuoteRoutes } from "./routes/private-event-quotes";
import { mailPreferenceRoutes } from "./routes/mail-preferences";
import { orderDeskRoutes } from "./routes/order-desk";
import { orderRoutes } from "./routes/orders";
import { privateEventRoutes } from "./routes/private-events";
import { shareRoutes } from "./routes/shares";
import { staffRunsRoutes } from "./routes/staff-runs";
import { waitingListRoutes } from "./routes/waiting-list";
import { liveRoutes } from "./routes/live";
import { dayReportRoutes } from "./routes/day-report";
import { reconciliationRoutes } from "./routes/reconciliation";
import type { RouteSpec } from "./route-spec";

export { route, type RefusalStatus, type RouteSpec } from "./route-spec";

export const shopApi = {
  ...checkinRoutes,
  ...dispatchRoutes,
  ...catalogueRoutes,
  ...accountSessionRoutes,
  ...mailPreferenceRoutes,
  ...accountRoutes,
  ...orderRoutes,
  ...staffRunsRoutes,
  ...orderDeskRoutes,
  ...waitingListRoutes,
  ...privateEventRoutes,
  ...privateEventQuoteRoutes,
  ...shareRoutes,
  ...adminRoutes,
  ...liveRoutes,
  ...dayReportRoutes,
  ...reconciliationRoutes,
} as const satisfies Record<string, RouteSpec>;

export type ShopApi = typeof shopApi;
export type RouteKey = keyof ShopApi;
/** The routes that answer JSON (every one but the payment return's redirect). */
export type JsonRouteKey = { [K in RouteKey]: ShopApi[K] extends { answer: z.ZodMiniType } ? K : never }[RouteKey];
export type AnswerOf<K extends JsonRouteKey> = ShopApi[K] extends { answer: infer S extends z.ZodMiniType } ? z.infer<S> : never;
export type BodyOf<K extends RouteKey> = ShopApi[K] extends { body: infer S extends z.ZodMiniType } ? z.input<S> : never;

/**
 * The shop API's contract: every JSON route, keyed "METHOD /full/path/:param", with its request (path
 * parameters, query, JSON body) and answer schemas. The server documents and types its handlers from it and
 * serves it as OpenAPI at /api/openapi.json; the browser's client reads it as a type only (no schema reaches
 * the bundle), so an island's answer type is the one the server is held to.
 * Each area declares its routes in its own file in this folder (with `route()` from ../route-spec.ts); this file only
 * lists the areas and derives the types the server and the client read.
 * Not here, on purpose: the payment simulators (/payments-sim) and the dev mail drop (/dev), which speak the
 * providers' protocols or HTML; docs/api.md lists them.
 */
import type * as z from "zod/mini";
import { accountRoutes } from "./accounts";
import { accountSessionRoutes } from "./account-sessions";
import { adminRoutes } from "./admin";
import { catalogueRoutes } from "./catalogue";
import { doorRoutes } from "./door";
import { dispatchRoutes } from "./dispatch";
import { privateEventQuoteRoutes } from "./private-event-quotes";
import { mailPreferenceRoutes } from "./mail-preferences";
import { orderDeskRoutes } from "./order-desk";
import { orderRoutes } from "./orders";
import { privateEventRoutes } from "./private-events";
import { shareRoutes } from "./shares";
import { staffDayRoutes } from "./staff-day";
import { waitingListRoutes } from "./waiting-list";
import { liveRoutes } from "./live";
import { dayReportRoutes } from "./day-report";
import { reconciliationRoutes } from "./reconciliation";
import type { RouteSpec } from "../route-spec";

export { route, type RefusalStatus, type RouteSpec } from "../route-spec";

export const shopApi = {
  ...doorRoutes,
  ...dispatchRoutes,
  ...catalogueRoutes,
  ...accountSessionRoutes,
  ...mailPreferenceRoutes,
  ...accountRoutes,
  ...orderRoutes,
  ...staffDayRoutes,
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

/** The public catalogue API, mounted under /api (docs/api.md lists every path). */
import { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { eventRoutes } from "./events/events.routes";
import { geographyRoutes } from "./geography/geography.routes";
import { landingRoutes } from "./landing/landing.routes";
import { leadRoutes } from "./leads/leads.routes";
import { paymentMethodRoutes } from "./payment-methods/payment-methods.routes";

export const catalogApi = new Hono<AppEnv>()
  .route("/", eventRoutes)
  .route("/", geographyRoutes)
  .route("/", landingRoutes)
  .route("/", paymentMethodRoutes)
  .route("/", leadRoutes);

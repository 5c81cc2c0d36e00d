/** The public catalogue API, mounted under /api (the contract, src/shared/api/routes.ts, lists every path). */
import { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { documented } from "./contract";
import { eventRoutes } from "./events/events.routes";
import { geographyRoutes } from "./geography/geography.routes";
import { landingRoutes } from "./landing/landing.routes";
import { leadRoutes } from "./leads/leads.routes";
import { paymentMethodRoutes } from "./payment-methods/payment-methods.routes";

const health = documented("GET /api/health");

export const catalogApi = new Hono<AppEnv>()
  .get("/health", health.describe, (c) => health.ok(c, { ok: true }))
  .route("/", eventRoutes)
  .route("/", geographyRoutes)
  .route("/", landingRoutes)
  .route("/", paymentMethodRoutes)
  .route("/", leadRoutes);

/** The public catalogue API, mounted under /api (the contract, src/shared/api/contract/index.ts, lists every path). */
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { ApiError } from "../http/answer";
import type { AppEnv } from "../http/context";
import { documented } from "./contract";
import { eventRoutes } from "./events/events.routes";
import { geographyRoutes } from "./geography/geography.routes";
import { landingRoutes } from "./landing/landing.routes";
import { leadRoutes } from "./leads/leads.routes";
import { paymentMethodRoutes } from "./payment-methods/payment-methods.routes";

const health = documented("GET /api/health");
const ready = documented("GET /api/ready");
const READY_TIMEOUT_MS = 2_000;

export const catalogueApi = new Hono<AppEnv>()
  .get("/health", health.describe, (c) => health.ok(c, { ok: true }))
  .get("/ready", ready.describe, async (c) => {
    // A database that hangs (a lost network) is as unready as one that refuses: 2 s at most.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no answer in 2 s")), READY_TIMEOUT_MS)));
    try {
      await Promise.race([c.get("deps").db.execute(sql`select 1`), late]);
    } catch {
      throw new ApiError(503, "not_ready");
    } finally {
      clearTimeout(timer);
    }
    return ready.ok(c, { ok: true, database: "ok" });
  })
  .route("/", eventRoutes)
  .route("/", geographyRoutes)
  .route("/", landingRoutes)
  .route("/", paymentMethodRoutes)
  .route("/", leadRoutes);

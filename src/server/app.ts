/**
 * The shop API: public catalogue calls under /api, customer calls under /shop-api (docs/api.md).
 * Routes parse and answer; services decide; db stores.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { ApiError, fail } from "./http/answer";
import type { AppDeps, AppEnv } from "./http/context";
import { localeMiddleware } from "./http/locale";
import { staticSite } from "./site/static-site";
import { catalogApi } from "./routes/catalog.routes";
import { paymentSimulators } from "./payments/simulators";
import { accountRoutes } from "./routes/account";
import { purchaseApi, startExpirySweeper } from "./routes/orders";
import { outboxRoutes } from "./mail/outbox-routes";

export interface AppOptions {
  /** Serve the prerendered site from this folder too (the running shop); tests of the API leave it out. */
  distDir?: string;
}

/** JSON bodies are small; uploads (later) get their own limit on their own routes. */
export const JSON_BODY_LIMIT = 64 * 1024;

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  if (options.distDir) app.use("*", compress(), staticSite(options.distDir));

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use("*", localeMiddleware);
  app.use(
    "*",
    bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: (c) => fail(c, new ApiError(413, "payload_too_large")),
    }),
  );

  app.get("/api/health", (c) => c.json({ success: true, data: { ok: true } }));
  app.route("/api", catalogApi);
  app.route("/payments-sim", paymentSimulators(deps));
  app.route("/shop-api", accountRoutes);
  app.route("/shop-api", purchaseApi);
  app.route("/dev", outboxRoutes);

  app.notFound((c) => fail(c, new ApiError(404, "not_found")));
  app.onError((error, c) => {
    if (error instanceof ApiError) return fail(c, error);
    if (error instanceof HTTPException) return fail(c, new ApiError(error.status as 400, "not_found"));
    // A value the database cannot take (a NUL byte in text, a number past a column's range) is bad input.
    if (isDataException(error)) return fail(c, new ApiError(422, "validation_failed"));
    console.error(error);
    return fail(c, new ApiError(500, "internal_error"));
  });

  startExpirySweeper(deps);
  return app;
}

/** PostgreSQL's class 22 "data exception" (PGlite and postgres.js alike), on the error or its cause (Drizzle wraps it). */
function isDataException(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("22")) return true;
  }
  return false;
}

export type ShopApp = ReturnType<typeof createApp>;

/**
 * The shop API: public catalogue calls under /api, customer calls under /shop-api (docs/api.md).
 * Routes parse and answer; services decide; db stores.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { ShopError } from "../shared/domain/shop-error";
import { createShopContext, startBackgroundWork } from "./composition";
import type { ShopSetup } from "./context";
import { ApiError, databaseUnavailable, fail, outcomeUnknown } from "./http/answer";
import { isDatabaseUnavailable, mayHaveCommitted } from "./db/unavailable";
import { committedInRequest } from "./request-context";
import type { AppEnv } from "./http/context";
import { canonicalHost } from "./http/canonical-host";
import { localeMiddleware } from "./http/locale";
import { securityHeaders } from "./publishing/security-headers";
import { staticPages } from "./publishing/static-pages";
import { catalogueApi } from "./routes/catalogue.routes";
import { trackingRoutes } from "./routes/tracking.routes";
import { ratingRoutes } from "./routes/ratings.routes";
import { sweepDayEnds } from "./services/reports/day-end";
import { mountApiDocs } from "./routes/api-docs";
import { paymentSimulators } from "./payments/simulators";
import { geoSimulators } from "./geo/simulators";
import { accountRoutes } from "./routes/account";
import { driverRoutes } from "./routes/driver.routes";
import { purchaseApi } from "./routes/orders";
import { staffRoutes } from "./routes/staff/staff.routes";
import { doorRoutes } from "./routes/staff/door.routes";
import { adminRoutes } from "./routes/admin/admin.routes";
import { mailDropRoutes } from "./routes/dev/mail-drop.routes";
import { uploadRoutes } from "./routes/uploads.routes";
import { UPLOAD_PATH } from "./uploads/multipart";
import { startCatalogueRelay } from "./change-feed/change-relay";
import { answerFastLane } from "./answer-cache/fast-lane";
import { pageFastLane } from "./publishing/page-fast-lane";
import type { DestinationStream } from "pino";
import { answerLog, createLogger, currentRequestId, loggablePath, requestLog } from "./http/request-log";
import { createMetrics, metricsEndpoint } from "./http/metrics";
import { AdmissionGate, admissionSettings, purchaseAdmission } from "./http/admission";
import { clientRequestLimit } from "./http/client-limits";

export interface AppOptions {
  /** Serve the prerendered pages from this folder too (the running shop); tests of the API leave it out. */
  distDir?: string;
  /**
   * Run the background work (outbox delivery; the poll and the hold sweeper in the leader process only): a
   * serving shop always does; tests leave it off and call `app.outbox.drain()`.
   */
  outboxWorker?: boolean;
  /** Where the request log goes (tests read it); stdout by default. */
  logDestination?: DestinationStream;
}

/** JSON bodies are small; uploads get their own limit on their own routes (src/server/uploads/multipart.ts). */
export const JSON_BODY_LIMIT = 64 * 1024;

/** The shop API on `{ db, env, now? }`, from which it builds the one context every route and service works with. */
export function createApp(setup: ShopSetup, options: AppOptions = {}) {
  const deps = createShopContext(setup);
  const logger = createLogger(deps.env, options.logDestination);
  const app = new Hono<AppEnv>();
  const metrics = createMetrics(deps.db);
  // Outermost: every answer, the fast lanes' too, gets its request id, its log line and its count.
  app.use("*", requestLog(logger, metrics));
  app.use("*", metricsEndpoint(metrics, deps.env));
  // First: a catalogue read answered from the cache before is answered again with the headers the stack below gave
  // it. The server puts the same lane in front of Hono itself (`fastLane.answerNode`, server.ts).
  const fastLane = answerFastLane(deps, answerLog(logger, metrics));
  app.use("*", fastLane.middleware);
  // A built page or asset served before from the published build is served again from memory.
  if (options.distDir) app.use("*", pageFastLane(options.distDir, deps.env));
  // The account and purchase calls answer small JSON without a Content-Length, which compress() would gzip
  // through a new stream each time whatever its size: they go out as they are.
  const compressing = compress();
  if (options.distDir) app.use("*", (c, next) => (c.req.path.startsWith("/shop-api/") ? next() : compressing(c, next)));
  // Inside compress(): it reads the generated pages' inline scripts before they are gzipped.
  app.use("*", securityHeaders(deps.env));
  app.use("*", canonicalHost(deps.env));
  if (options.distDir) app.use("*", staticPages(options.distDir, { env: deps.env, publicUrl: () => deps.env.PUBLIC_URL }));

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use("*", localeMiddleware);
  // One client's requests worked on at once (http/client-limits.ts): after the cached answers and pages, which cost nothing.
  app.use("*", clientRequestLimit(deps.env));
  const tooLarge = (c: Context) => {
    // The rest of the body is never read, so the socket cannot carry another request: say so.
    c.header("connection", "close");
    return fail(c, new ApiError(413, "payload_too_large"));
  };
  const jsonBodyLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  app.use("*", async (c, next) => {
    if (UPLOAD_PATH.test(c.req.path) || saysNoBody(c)) return next();
    const declared = declaredLength(c);
    if (declared === undefined) return jsonBodyLimit(c, next);
    if (declared > JSON_BODY_LIMIT) return tooLarge(c);
    await next();
  });
  // Purchases wait in a short queue of this process's own, or are told to come back in a moment (http/admission.ts).
  const purchaseGate = new AdmissionGate(admissionSettings(deps.env));
  app.use("/shop-api/init-payment", purchaseAdmission(purchaseGate));

  app.route("/api", catalogueApi);
  mountApiDocs(app);
  app.route("/payments-sim", paymentSimulators(deps));
  app.route("/geo-sim", geoSimulators(deps));
  app.route("/shop-api/admin", adminRoutes);
  app.route("/shop-api/driver", driverRoutes);
  app.route("/shop-api/tracking", trackingRoutes);
  app.route("/shop-api/ratings", ratingRoutes);
  app.route("/shop-api", accountRoutes);
  app.route("/shop-api", purchaseApi);
  app.route("/shop-api/staff", staffRoutes);
  app.route("/shop-api", doorRoutes);
  app.route("/dev", mailDropRoutes);
  app.route("/uploads", uploadRoutes);

  app.notFound((c) => fail(c, new ApiError(404, "not_found")));
  app.onError((error, c) => {
    if (error instanceof ShopError || error instanceof ApiError) return fail(c, error);
    if (error instanceof HTTPException) return fail(c, new ApiError(error.status as 400, "not_found"));
    // The database out of reach (stopped, restarting, the network to it down). Most often the request changed
    // nothing (its transaction, if any, was rolled back with the connection): a wait, not an error, 503 and
    // Retry-After. But a write whose COMMIT went unanswered, or a request that had already committed a write before
    // a later statement failed, may have changed something: that is said apart (`outcome_unknown`), never "nothing
    // changed". A GET or HEAD writes nothing the person asked for.
    if (isDatabaseUnavailable(error)) {
      const writing = c.req.method !== "GET" && c.req.method !== "HEAD";
      const unknown = writing && (mayHaveCommitted(error) || committedInRequest());
      logger.warn({ reqId: currentRequestId(), method: c.req.method, route: loggablePath(c.req.path), code: (error as { code?: unknown }).code, reason: reasonOf(error), outcomeUnknown: unknown }, "database unavailable");
      return unknown ? outcomeUnknown(c) : databaseUnavailable(c);
    }
    // A value the database cannot take (a NUL byte in text, a number past a column's range) is bad input.
    if (isDataException(error)) return fail(c, new ApiError(422, "validation_failed"));
    logger.error({ err: error, reqId: currentRequestId(), method: c.req.method, route: loggablePath(c.req.path) }, "request failed");
    return fail(c, new ApiError(500, "internal_error"));
  });

  // Other processes on the same PostgreSQL hear of this one's catalogue changes, and it of theirs.
  const catalogueRelay = startCatalogueRelay(deps.db, deps.catalogue, () => deps.answers.clear(), { replica: deps.replica });
  const background = options.outboxWorker ?? deps.env.NODE_ENV !== "test" ? startBackgroundWork(deps) : null;
  return Object.assign(app, {
    outbox: deps.outbox,
    logger,
    catalogue: deps.catalogue,
    answers: deps.answers,
    purchaseGate,
    fastLane,
    catalogueRelay,
    live: deps.live,
    /** The leader's minute sweep of ended days (rating invitations, the day's summary), for scripts and tests. */
    sweepDayEnds: () => sweepDayEnds(deps),
    stopBackground: async () => {
      deps.live.close();
      await background?.stop();
      await catalogueRelay?.stop();
      deps.replica?.close();
      deps.mailer.close?.();
    },
  });
}

/**
 * A GET or HEAD that announces no body has none to limit; looking (`c.req.raw.body`) would make the node adapter
 * build a full Request for every catalogue read.
 */
function saysNoBody(c: Context): boolean {
  const method = c.req.method;
  return (method === "GET" || method === "HEAD") && c.req.header("content-length") === undefined && c.req.header("transfer-encoding") === undefined;
}

/**
 * The body's size as its Content-Length declares it (undefined when it is sent in chunks), judged without looking
 * at the body as Hono's bodyLimit does first: that look builds a web Request and stream around the Node request,
 * through which the JSON is then read, instead of the adapter reading the socket's bytes directly (a tenth of the
 * shop's time per purchase). A body longer than it declared is cut off by Node's HTTP parser.
 */
function declaredLength(c: Context): number | undefined {
  const length = c.req.header("content-length");
  if (length === undefined || c.req.header("transfer-encoding") !== undefined) return undefined;
  return Number.parseInt(length, 10);
}

/** The driver's own words for why the database could not be used (Drizzle's wrapper names the statement instead). */
function reasonOf(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 3 && (current as { cause?: unknown })?.cause; depth += 1) current = (current as { cause?: unknown }).cause;
  return current instanceof Error ? current.message.slice(0, 200) : undefined;
}

/** PostgreSQL's class 22 "data exception" (PGlite and node-postgres alike), on the error or its cause (Drizzle wraps it). */
function isDataException(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("22")) return true;
  }
  return false;
}

export type ShopApp = ReturnType<typeof createApp>;

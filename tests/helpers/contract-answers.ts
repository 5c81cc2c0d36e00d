/**
 * Every API test checks the contract too: each JSON answer an app built by createApp gives is held to its
 * route's declared schema (src/shared/api/contract/index.ts), success or refusal envelope alike. An answer with a
 * missing, mistyped or undeclared field fails the test that provoked it. Loaded by vitest.config.ts.
 */
import { isDeepStrictEqual } from "node:util";
import { vi } from "vitest";
import type * as z from "zod/mini";
import { shopApi, type RouteSpec } from "../../src/shared/api/contract";
import { redirectAnswerSchema } from "../../src/shared/api/route-spec";
import { failureSchema, successOf } from "../../src/shared/schemas/answers/envelope";
import { queueFullFailureSchema } from "../../src/shared/schemas/answers/admission";
import type * as AppModuleNs from "../../src/server/app";

type AppModule = typeof AppModuleNs;

/** Routes that also answer under any path suffix (/order-detail/{orderId} ignores what follows the id). */
const ANY_SUFFIX = new Set(["GET /shop-api/order-detail/:id"]);

const table = Object.entries(shopApi as Record<string, RouteSpec>).map(([key, spec]) => {
  const [method, path] = key.split(" ") as [string, string];
  const pattern = path.replace(/:\w+/g, "[^/]+") + (ANY_SUFFIX.has(key) ? "(/.*)?" : "");
  return { key, method, pattern: new RegExp(`^${pattern}$`), spec, success: spec.answer ? successOf(spec.answer) : spec.redirect ? successOf(redirectAnswerSchema) : undefined };
});

export function routeOf(method: string, pathname: string) {
  return table.find((row) => row.method === method && row.pattern.test(pathname));
}

const isQueueFull = (body: unknown) => typeof body === "object" && body !== null && (body as { code?: unknown }).code === "purchase_queue_full";

/** Why a JSON answer breaks the contract, or null when it keeps it. */
export function contractBreach(method: string, url: string, status: number, body: unknown): string | null {
  const { pathname } = new URL(url, "http://shop.test");
  if (!pathname.startsWith("/api/") && !pathname.startsWith("/shop-api/")) return null;
  if (pathname === "/api/openapi.json") return null;
  const route = routeOf(method, pathname);
  let schema: z.ZodMiniType;
  // The purchase queue's refusal carries more than the envelope, on the routes that declare it.
  if (status >= 400) schema = isQueueFull(body) && route?.spec.refusals?.[503]?.includes("purchase_queue_full") ? queueFullFailureSchema : failureSchema;
  else if (!route) return `${method} ${pathname} answered ${status} but is not in the contract`;
  else if (status !== (route.spec.status ?? 200) || !route.success) return `${route.key} answered ${status}, the contract says ${route.spec.status ?? 200}`;
  else schema = route.success;
  const parsed = schema.safeParse(body);
  if (!parsed.success) return `${route?.key ?? pathname} ${status}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`;
  // zod drops keys it was not told of: a difference is a field the contract does not declare.
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), body)) return `${route?.key ?? pathname} ${status}: answers fields the contract does not declare`;
  return null;
}

vi.mock("../../src/server/app", async (importOriginal) => {
  const original = await importOriginal<AppModule>();
  return {
    ...original,
    createApp: (...args: Parameters<typeof original.createApp>) => {
      const app = original.createApp(...args);
      const fetch = app.fetch;
      app.fetch = async (request: Request, ...rest: unknown[]) => {
        const response = await (fetch as (request: Request, ...rest: unknown[]) => Response | Promise<Response>)(request, ...rest);
        if (!(response.headers.get("content-type") ?? "").includes("application/json")) return response;
        // A compressed answer (a shop served over HTTP with its site) is checked where it is not compressed.
        if (response.headers.has("content-encoding")) return response;
        const body: unknown = await response.clone().json().catch(() => undefined);
        const breach = contractBreach(request.method, request.url, response.status, body);
        if (breach) throw new Error(`Contract: ${breach}`);
        return response;
      };
      return app;
    },
  };
});

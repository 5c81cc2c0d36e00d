/**
 * Binds a route to its entry in the shop API's contract (src/shared/api/routes.ts): `describe` documents it for
 * the OpenAPI document (hono-openapi reads it off the mounted routes), `ok` answers the success envelope with
 * the contract's status and checks, at compile time, that the handler answers the declared shape.
 * Requests are still read with readJson / parseWith, which keep the shop's own refusals (invalid_json,
 * validation_failed with translated `fields`); the request schemas here are the same ones.
 */
import type { Context, MiddlewareHandler } from "hono";
import { describeRoute } from "hono-openapi";
import * as z from "zod/mini";
import { shopApi, type AnswerOf, type JsonRouteKey, type RouteKey, type RouteSpec } from "../../shared/api/routes";
import { ok } from "../http/answer";
import type { AppEnv } from "../http/context";

type JsonSchema = Record<string, unknown>;

/** JSON Schema (2020-12, as OpenAPI 3.1 takes it) of a request part (`input`) or an answer (`output`). */
export function jsonSchemaOf(schema: z.ZodMiniType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodMiniType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    in: where,
    name,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const failureRef = { $ref: "#/components/schemas/Failure" };
/** The purchase queue's refusal says more than the envelope (src/server/http/admission.ts). */
const queueFull = {
  content: { "application/json": { schema: { $ref: "#/components/schemas/QueueFull" } } },
  headers: { "Retry-After": { description: "Seconds to wait before sending the purchase again", schema: { type: "integer" } } },
};

/** The OpenAPI operation of one contract entry. */
export function operationOf(key: RouteKey, spec: RouteSpec) {
  const responses: Record<string, unknown> = {};
  if (spec.answer) {
    responses[String(spec.status ?? 200)] = {
      description: "Success",
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: { success: { const: true }, data: jsonSchemaOf(spec.answer, "output") },
            required: ["success", "data"],
          },
        },
      },
    };
  }
  if (spec.redirect) {
    responses[String(spec.redirect.status)] = { description: `Redirect to ${spec.redirect.to}`, headers: { Location: { schema: { type: "string" } } } };
  }
  for (const [status, codes] of Object.entries(spec.refusals ?? {})) {
    const body = codes?.includes("purchase_queue_full") ? queueFull : { content: { "application/json": { schema: failureRef } } };
    responses[status] = { description: `Refused: ${(codes ?? []).join(", ")}`, ...body };
  }
  if (spec.body) {
    responses["400"] ??= { description: "Refused: invalid_json", content: { "application/json": { schema: failureRef } } };
  }
  return {
    "x-route": key,
    operationId: key,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    ...(spec.auth ? { security: [{ bearer: [] }] } : {}),
    parameters: [...parametersOf(spec.params, "path"), ...parametersOf(spec.query, "query")],
    ...(spec.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchemaOf(spec.body, "input") } } } }
      : {}),
    responses,
  };
}

export function documented<K extends RouteKey>(key: K) {
  const spec: RouteSpec = shopApi[key];
  return {
    describe: describeRoute(operationOf(key, spec) as Parameters<typeof describeRoute>[0]) as MiddlewareHandler,
    ok: (c: Context<AppEnv>, data: K extends JsonRouteKey ? AnswerOf<K> : never) => ok(c, data, spec.status ?? 200),
  };
}

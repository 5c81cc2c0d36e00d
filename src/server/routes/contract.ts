/**
 * Binds a route to its entry in the shop API's contract (src/shared/api/routes.ts): `describe` documents it for
 * the OpenAPI document (hono-openapi reads it off the mounted routes), `input` reads the request with the entry's
 * own schemas, and `ok` answers the success envelope with the contract's status and checks, at compile time, that
 * the handler answers the declared shape. A schema is named once, in the contract: the handler never repeats it.
 * Refusals are the shop's own: 415 for a body that is not JSON, 400 `invalid_json`, 422 `validation_failed` with
 * each field's message in the caller's language, and `unknown_country` for a catalogue call's unknown `country-code`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { describeRoute } from "hono-openapi";
import * as z from "zod/mini";
import { shopApi, type AnswerOf, type JsonRouteKey, type RouteKey, type RouteSpec, type ShopApi } from "../../shared/api/routes";
import { ApiError, ok } from "../http/answer";
import type { AppEnv } from "../http/context";
import { parseWith, readJsonBody } from "../http/validate";

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

/** The body of an upload route: multipart/form-data holding one file in the field `file`. */
function uploadBodyOf(upload: NonNullable<RouteSpec["upload"]>) {
  const megabytes = upload.maxBytes / (1024 * 1024);
  return {
    required: true,
    description: `One file in the field \`file\`, at most ${megabytes} MB (${upload.maxBytes} bytes); a larger body is answered 413.`,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          required: ["file"],
          properties: { file: { type: "string", contentMediaType: "application/octet-stream", description: `${upload.mediaTypes.join(", ")}; at most ${upload.maxBytes} bytes.` } },
        },
        encoding: { file: { contentType: upload.mediaTypes.join(", ") } },
      },
    },
  };
}

const failureRef = { $ref: "#/components/schemas/Failure" };
/** The purchase queue's refusal says more than the envelope (src/server/http/admission.ts). */
const queueFull = {
  content: { "application/json": { schema: { $ref: "#/components/schemas/QueueFull" } } },
  headers: { "Retry-After": { description: "Seconds to wait before sending the purchase again", schema: { type: "integer" } } },
};

/**
 * A URL-safe operation id from a contract key, for generated clients: "GET /shop-api/frequent-addresses/:id" →
 * `getShopApiFrequentAddressesById`. The key itself stays in `x-route`.
 */
export function operationIdOf(key: string): string {
  const [method = "", path = ""] = key.split(" ");
  const words = path
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(":") ? ["by", segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

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
  // Refusals any call that reads input may meet, whatever its own list says.
  const refuse = (status: string, code: string) => {
    const known = responses[status] as { description: string } | undefined;
    if (known?.description.includes(code)) return;
    const description = known ? `${known.description}, ${code}` : `Refused: ${code}`;
    responses[status] = { description, content: { "application/json": { schema: failureRef } } };
  };
  if (spec.query || spec.body) refuse("422", "validation_failed");
  if (spec.body) {
    refuse("400", "invalid_json");
    refuse("413", "payload_too_large");
    refuse("415", "unsupported_media_type");
  }
  return {
    "x-route": key,
    operationId: operationIdOf(key),
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    // A public call says so (`[]`): the document's readers and linters then know no token is wanted.
    security: spec.auth ? [{ bearer: [] }] : [],
    parameters: [...parametersOf(spec.params, "path"), ...parametersOf(spec.query, "query")],
    ...(spec.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchemaOf(spec.body, "input") } } } }
      : {}),
    ...(spec.upload ? { requestBody: uploadBodyOf(spec.upload) } : {}),
    responses,
  };
}

type Part<R, P extends "params" | "query" | "body"> = R extends { [_ in P]: infer S extends z.ZodMiniType } ? z.infer<S> : undefined;
/** What a route's handler reads: its query and its JSON body, parsed by the contract entry's schemas. */
export interface Input<Q, B> {
  query: Q;
  body: B;
}
export type InputOf<K extends RouteKey> = Input<Part<ShopApi[K], "query">, Part<ShopApi[K], "body">>;

/** The request readers of one contract entry, untyped: `documented` types them by the entry's key. */
export function readersOf(spec: RouteSpec) {
  const refusesUnknownCountry = (spec.refusals?.[422] ?? []).includes("unknown_country");
  const query = (c: Context<AppEnv>): unknown => {
    if (!spec.query) return undefined;
    try {
      return parseWith(spec.query, c.req.query());
    } catch (error) {
      // A catalogue call names an unknown country with its own code, so a client can tell it from a bad field.
      if (refusesUnknownCountry && error instanceof ApiError && error.fields?.["country-code"]) {
        throw new ApiError(422, "unknown_country", error.fields);
      }
      throw error;
    }
  };
  return {
    query,
    /** The path parameters by the entry's `params` schema: 422 `validation_failed` when they do not fit. */
    params: (c: Context<AppEnv>): unknown => (spec.params ? parseWith(spec.params, c.req.param()) : undefined),
    /** The query first, then the body: a refusal names the query's problem before the body's, as it always has. */
    input: async (c: Context<AppEnv>): Promise<Input<unknown, unknown>> => {
      const parsedQuery = query(c);
      const body = spec.body ? parseWith(spec.body, await readJsonBody(c)) : undefined;
      return { query: parsedQuery, body };
    },
  };
}

/**
 * One contract entry, for the handler of its route: `describe` (the OpenAPI operation), `input(c)` (query and body,
 * checked), `query(c)` (the query alone, for a handler that must not wait), `params(c)` (path parameters whose
 * schema is the refusal, such as a slug; row ids go through `pathId`, which answers 404) and `ok(c, data)`.
 */
export function documented<K extends RouteKey>(key: K) {
  const spec: RouteSpec = shopApi[key];
  const readers = readersOf(spec);
  return {
    describe: describeRoute(operationOf(key, spec) as Parameters<typeof describeRoute>[0]) as MiddlewareHandler,
    input: readers.input as (c: Context<AppEnv>) => Promise<InputOf<K>>,
    query: readers.query as (c: Context<AppEnv>) => Part<ShopApi[K], "query">,
    params: readers.params as (c: Context<AppEnv>) => Part<ShopApi[K], "params">,
    ok: (c: Context<AppEnv>, data: K extends JsonRouteKey ? AnswerOf<K> : never) => ok(c, data, spec.status ?? 200),
  };
}

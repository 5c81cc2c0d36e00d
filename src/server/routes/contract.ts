/**
 * Binds a route to its entry in the shop API's contract (src/shared/api/contract/index.ts): `describe` documents it for
 * the OpenAPI document (hono-openapi reads it off the mounted routes), `input` reads the request with the entry's
 * own schemas, and `ok` answers the success envelope with the contract's status and checks, at compile time, that
 * the handler answers the declared shape. A schema is named once, in the contract: the handler never repeats it.
 * Refusals are the shop's own: 415 for a body that is not JSON, 400 `invalid_json`, 422 `validation_failed` with
 * each field's message in the caller's language, and `unknown_country` for a catalogue call's unknown `country-code`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { describeRoute } from "hono-openapi";
import * as z from "zod/mini";
import { redirectAnswerSchema } from "../../shared/api/route-spec";
import { shopApi, type AnswerOf, type JsonRouteKey, type RouteKey, type RouteSpec, type ShopApi } from "../../shared/api/contract";
import { isRowName, pathRowId } from "../../shared/schemas/path-params";
import { ApiError, ok } from "../http/answer";
import type { AppEnv } from "../http/context";
import { pathId } from "../http/path-id";
import { parseWith, readJsonBody } from "../http/validate";

type JsonSchema = Record<string, unknown>;

/** JSON Schema (2020-12, as OpenAPI 3.1 takes it) of a request part (`input`) or an answer (`output`). */
export function jsonSchemaOf(schema: z.ZodMiniType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return withoutEmptyAlternatives(rest) as JsonSchema;
}

/**
 * Any JSON value (an audit entry's `before`, an unknown) is the empty schema `{}`; zod writes a nullable one as
 * `anyOf: [{}, { type: "null" }]`, which says the same thing twice and which strict linters reject. An `anyOf`
 * holding `{}` is written as `{}` itself.
 */
function withoutEmptyAlternatives(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutEmptyAlternatives);
  if (!node || typeof node !== "object") return node;
  const entries = Object.entries(node as JsonSchema).map(([key, value]) => [key, withoutEmptyAlternatives(value)] as const);
  const object = Object.fromEntries(entries) as JsonSchema;
  const anyOf = object.anyOf;
  if (Array.isArray(anyOf) && anyOf.some((option) => option && typeof option === "object" && Object.keys(option).length === 0)) {
    const { anyOf: _any, ...rest } = object;
    return rest;
  }
  return object;
}

function parametersOf(schema: z.ZodMiniType | undefined, where: "path" | "query" | "header") {
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
/** A 503 that is either the purchase queue's refusal or the database out of reach. */
const queueFullOrFailure = {
  content: { "application/json": { schema: { anyOf: [{ $ref: "#/components/schemas/QueueFull" }, failureRef] } } },
  headers: queueFull.headers,
};
/** The database out of reach for a moment (src/server/db/unavailable.ts): nothing was written, send it again later. */
const databaseUnavailable = {
  content: { "application/json": { schema: failureRef } },
  headers: { "Retry-After": { description: "Seconds to wait before sending the request again", schema: { type: "integer" } } },
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

/**
 * What a caller must show, as the route checks it: nothing (`[]`), a bearer token, a bearer token or nothing (`{}`
 * is the anonymous alternative), or a bearer token or the signed `key` of the shop's own link.
 */
function securityOf(spec: RouteSpec): Record<string, string[]>[] {
  if (spec.auth) return [{ bearer: [] }];
  if (spec.access === "optional-bearer") return [{}, { bearer: [] }];
  if (spec.access === "bearer-or-link-key") return [{ bearer: [] }, { linkKey: [] }];
  return [];
}

/**
 * A redirect route's answer: 303 to `location` for a browser, 200 `{ location }` for a caller whose Accept names
 * JSON and not HTML (an app cannot show the shop's page; it is told where it is).
 */
export function redirectOrJson(c: Context<AppEnv>, location: string): Response {
  const accept = c.req.header("accept") ?? "";
  if (/\bapplication\/json\b/i.test(accept) && !/\btext\/html\b/i.test(accept)) return ok(c, { location }, 200);
  return c.redirect(location, 303);
}

/** The OpenAPI operation of one contract entry. */
export function operationOf(key: RouteKey, spec: RouteSpec) {
  const responses: Record<string, unknown> = {};
  const success = (data: JsonSchema) => ({
    "application/json": { schema: { type: "object", properties: { success: { const: true }, data }, required: ["success", "data"] } },
  });
  // The files a route may answer share the success status with its JSON answer, each under its own media type.
  const files = Object.fromEntries((spec.files ?? []).map((file) => [file.mediaType, { schema: { type: "string", contentMediaType: file.mediaType, description: file.description } }]));
  if (spec.answer || spec.files) {
    const fileNote = (spec.files ?? []).map((file) => `${file.mediaType}: ${file.description}`).join("; ");
    responses[String(spec.status ?? 200)] = {
      description: spec.answer ? (fileNote ? `Success (JSON, or ${fileNote})` : "Success") : fileNote,
      content: { ...(spec.answer ? success(jsonSchemaOf(spec.answer, "output")) : {}), ...files },
      ...(spec.files ? { headers: { "Content-Disposition": { description: "The file's name (on a file answer)", schema: { type: "string" } } } } : {}),
    };
  }
  if (spec.events) {
    responses["200"] = {
      description: "A stream of Server-Sent Events: each `data` line is one JSON document of the schema below, sent at once and after every change (a comment line every 15 s keeps the connection open)",
      // OpenAPI 3.1 has no item schema for a stream: each event's `data` is said with JSON Schema's content keywords.
      content: { "text/event-stream": { schema: { type: "string", contentMediaType: "application/json", contentSchema: jsonSchemaOf(spec.events, "output") } } },
    };
  }
  if (spec.redirect) {
    responses[String(spec.redirect.status)] = {
      description: `Redirect to ${spec.redirect.to} (a browser; any caller whose Accept does not ask for JSON alone)`,
      headers: { Location: { description: "The page", schema: { type: "string" } } },
    };
    responses["200"] = {
      description: `For a caller whose Accept names application/json and not text/html: where the browser would have gone (${spec.redirect.to})`,
      content: success(jsonSchemaOf(redirectAnswerSchema, "output")),
    };
  }
  for (const [status, codes] of Object.entries(spec.refusals ?? {})) {
    const body = codes?.includes("purchase_queue_full")
      ? codes.length > 1
        ? queueFullOrFailure
        : queueFull
      : codes?.includes("database_unavailable")
        ? databaseUnavailable
        : { content: { "application/json": { schema: failureRef } } };
    responses[status] = { description: `Refused: ${(codes ?? []).join(", ")}`, ...body };
  }
  // Refusals any call that reads input may meet, whatever its own list says.
  const refuse = (status: string, code: string) => {
    const known = responses[status] as { description: string } | undefined;
    if (known?.description.includes(code)) return;
    const description = known ? `${known.description}, ${code}` : `Refused: ${code}`;
    responses[status] = { description, content: { "application/json": { schema: failureRef } } };
  };
  if (spec.query || spec.body || spec.headers) refuse("422", "validation_failed");
  if (spec.body) {
    refuse("400", "invalid_json");
    refuse("413", "payload_too_large");
    refuse("415", "unsupported_media_type");
  }
  // Any call may carry a body, and one over the JSON limit is refused before the route reads anything.
  refuse("413", "payload_too_large");
  // Any call may find its client holding as many requests, or event streams, as one client may (Retry-After says when to try again).
  refuse("429", "too_many_requests");
  if (spec.events) refuse("429", "too_many_streams");
  // Any call may find the database out of reach for a moment: 503 with Retry-After, nothing written. A call that
  // writes may also meet it as its commit went unanswered: 503 `outcome_unknown`, look before sending it again.
  const method = key.split(" ")[0]!.toLowerCase();
  const outage = method === "get" || method === "head" ? ["database_unavailable"] : ["database_unavailable", "outcome_unknown"];
  const busy = responses["503"] as { description: string } | undefined;
  const missing = outage.filter((code) => !busy?.description.includes(code));
  if (!busy) responses["503"] = { description: `Refused: ${outage.join(", ")}`, ...databaseUnavailable };
  else if (missing.length > 0) responses["503"] = { ...busy, description: `${busy.description}, ${missing.join(", ")}` };
  return {
    "x-route": key,
    operationId: operationIdOf(key),
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    // A public call says so (`[]`): the document's readers and linters then know no token is wanted.
    security: securityOf(spec),
    parameters: [...parametersOf(spec.params, "path"), ...parametersOf(spec.query, "query"), ...parametersOf(spec.headers, "header")],
    ...(spec.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchemaOf(spec.body, "input") } } } }
      : {}),
    ...(spec.upload ? { requestBody: uploadBodyOf(spec.upload) } : {}),
    responses,
  };
}

type Part<R, P extends "params" | "query" | "body" | "headers"> = R extends { [_ in P]: infer S extends z.ZodMiniType } ? z.infer<S> : undefined;
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
    /**
     * The path parameters by the entry's `params` schema. A parameter naming a row (`pathRowId`, a personal link's
     * token) that does not fit names no row: 404 `not_found`, as for a row that is not the caller's; a row id that
     * cannot be a database id likewise. Any other parameter that does not fit (a code, a host): 422.
     */
    params: (c: Context<AppEnv>): unknown => {
      if (!spec.params) return undefined;
      const raw: Record<string, string | undefined> = c.req.param();
      const read = { ...raw };
      for (const [name, field] of Object.entries((spec.params as z.ZodMiniObject).def.shape)) {
        if (field === pathRowId) read[name] = String(pathId(raw[name]));
        else if (isRowName(field) && !z.safeParse(field, raw[name]).success) throw new ApiError(404, "not_found");
      }
      return parseWith(spec.params, read);
    },
    /** The declared request headers, by name (a header not sent is absent): 422 `validation_failed` when one does not fit. */
    headers: (c: Context<AppEnv>): unknown => {
      if (!spec.headers) return undefined;
      const names = Object.keys((spec.headers as z.ZodMiniObject).def.shape);
      const sent = Object.fromEntries(names.flatMap((name) => (c.req.header(name) === undefined ? [] : [[name, c.req.header(name)]])));
      return parseWith(spec.headers, sent);
    },
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
 * checked), `query(c)` (the query alone, for a handler that must not wait), `headers(c)` (the declared headers), `params(c)` (the path parameters, row
 * ids as numbers: one that names no row answers 404) and `ok(c, data)`. Handlers read their path only through it.
 */
export function documented<K extends RouteKey>(key: K) {
  const spec: RouteSpec = shopApi[key];
  const readers = readersOf(spec);
  return {
    describe: describeRoute(operationOf(key, spec) as Parameters<typeof describeRoute>[0]) as MiddlewareHandler,
    input: readers.input as (c: Context<AppEnv>) => Promise<InputOf<K>>,
    query: readers.query as (c: Context<AppEnv>) => Part<ShopApi[K], "query">,
    headers: readers.headers as (c: Context<AppEnv>) => Part<ShopApi[K], "headers">,
    params: readers.params as (c: Context<AppEnv>) => Part<ShopApi[K], "params">,
    ok: (c: Context<AppEnv>, data: K extends JsonRouteKey ? AnswerOf<K> : never) => ok(c, data, spec.status ?? 200),
  };
}

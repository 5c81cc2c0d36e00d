/**
 * Property tests driven by the served document (/api/openapi.json), with fast-check:
 * - input the document calls valid (query, path and body generated from its schemas) is never refused as
 *   `validation_failed`: the contract is as strict as the server, so an integrator who follows it is not refused
 *   for the shape of a request;
 * - arbitrary and malformed bodies never get a 5xx;
 * - in both, every answer has a status the operation documents, and its body matches the documented schema
 *   (tests/helpers/contract-answers.ts fails any answer that does not).
 * Calls needing a token get an admin's, which every staff check lets through. A failure names the operation and
 * the request; `FC_SEED=<n>` replays a run.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestShop, type TestShop } from "../helpers/test-shop";

type Schema = Record<string, unknown>;
interface Parameter {
  in: "path" | "query" | "header";
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  "x-route": string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
  security?: unknown[];
}

const SEED = Number(process.env.FC_SEED ?? 20261125);
const RUNS = Number(process.env.FC_RUNS ?? 12);
/** Multipart uploads: their body is a file, not JSON, and has its own tests. */
/** `FC_ONLY=<regex>` runs the operations whose contract key matches it. */
const ONLY = new RegExp(process.env.FC_ONLY ?? "");
const SKIP = new Set(["POST /shop-api/admin/images", "POST /shop-api/event-requests/:id/upload-image", "POST /shop-api/event-requests/:id/upload-guests"]);

/**
 * Operations the generated valid input can still be refused on, each with why. A rule across fields or against
 * stored rows cannot be said in JSON Schema; the others are gaps in the document still to close. The test fails
 * when an operation outside this list is refused, and when one on it is no longer refused (take it off).
 */
const KNOWN: Record<string, string> = {
  "POST /shop-api/admin/events": "across fields: a fixed-date event has exactly one date; the end follows the start",
  "PUT /shop-api/admin/events/:id": "across fields: a fixed-date event has exactly one date; the end follows the start",
  "POST /shop-api/admin/discounts": "across fields: validUntil follows validFrom",
  "PUT /shop-api/admin/discounts/:id": "across fields: validUntil follows validFrom",
  "POST /shop-api/admin/counties": "across fields: latitude and longitude together or neither",
  "PUT /shop-api/admin/counties/:id": "across fields: latitude and longitude together or neither",
  "POST /shop-api/reset-password": "across fields: the two passwords match",
  "POST /shop-api/staff/event-requests/:id/approve": "against the clock: the quote's validUntil is in the future",
  "POST /shop-api/frequent-addresses": "against stored rows: the county exists",
  "POST /shop-api/request-events": "across fields: the end follows the start",
  "GET /shop-api/staff/reports/reconciliation": "across fields: the period runs forwards and is 366 days at most",
  "POST /shop-api/staff/reports/reconciliation/settlement": "across fields: the period runs forwards and is 366 days at most",
};

let shop: TestShop;
let token: string;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  shop = await openTestShop();
  token = (await shop.buyer("admin")).token;
  const document = (await (await shop.app.request("/api/openapi.json")).json()) as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => !SKIP.has(op["x-route"]) && ONLY.test(op["x-route"]))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}, 120_000);
afterAll(() => shop.close());

/** Characters that keep a generated text readable in a failure report and legal in JSON and URLs once encoded. */
const text = (min: number, max: number) => fc.string({ minLength: min, maxLength: max, unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzÁéñ 0123456789-_.") });

/** An arbitrary of the values a JSON Schema (the subset the shop's schemas produce) calls valid. */
function arbitraryOf(schema: Schema): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices) return fc.oneof(...choices.filter((choice) => Object.keys(choice).length > 0).map(arbitraryOf));
  if (Array.isArray(schema.allOf)) return arbitraryOf(Object.assign({}, ...(schema.allOf as Schema[])));
  const type = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => arbitraryOf({ ...schema, type: t })));
  switch (type[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number": {
      const min = (schema.minimum as number | undefined) ?? (schema.exclusiveMinimum !== undefined ? (schema.exclusiveMinimum as number) + 1 : -1_000_000);
      const max = (schema.maximum as number | undefined) ?? (schema.exclusiveMaximum !== undefined ? (schema.exclusiveMaximum as number) - 1 : 1_000_000);
      return type[0] === "integer" ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "string":
      return stringOf(schema);
    case "array": {
      const items = (schema.items as Schema | undefined) ?? {};
      return fc.array(arbitraryOf(items), { minLength: (schema.minItems as number) ?? 0, maxLength: Math.min((schema.maxItems as number) ?? 4, 4) });
    }
    case "object":
      return objectOf(schema);
    default:
      return fc.constant(undefined);
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const min = (schema.minLength as number) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY;
  const fits = (value: string) => value.length >= min && value.length <= max;
  if (schema.format === "email") return fc.tuple(text(1, 8), text(1, 8)).map(([user, host]) => `${user.replace(/[^a-z0-9]/g, "") || "a"}@${host.replace(/[^a-z0-9]/g, "") || "b"}.co`);
  if (schema.format === "date") return fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === "date-time") return fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === "uri") return fc.webUrl();
  if (typeof schema.pattern === "string") {
    const pattern = new RegExp(schema.pattern);
    // fast-check cannot generate from lookaheads: generate from the pattern without them, keep what the whole matches.
    const generated = schema.pattern.replace(/\(\?[=!](?:[^()\\]|\\.|\([^()]*\))*\)/g, "");
    return fc.stringMatching(new RegExp(generated), { size: "xsmall" }).filter((value) => fits(value) && pattern.test(value));
  }
  return text(min, Math.min(max, min + 24));
}

function objectOf(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = arbitraryOf(property);
  return fc.record(model, { requiredKeys: [...required].filter((name) => name in model) }).map((value) => {
    for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
    return value;
  });
}

interface Sent {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

function requestOf(path: string, op: Operation, body: fc.Arbitrary<unknown> | undefined): fc.Arbitrary<Sent> {
  const parameters = op.parameters ?? [];
  const values = fc.record(
    Object.fromEntries(parameters.map((p) => [`${p.in}:${p.name}`, p.required ? arbitraryOf(p.schema) : fc.option(arbitraryOf(p.schema), { nil: undefined })])),
  );
  return fc.tuple(values, body ?? fc.constant(undefined)).map(([given, sentBody]) => {
    let url = path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    for (const p of parameters) {
      const value = given[`${p.in}:${p.name}`];
      if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
      else if (p.in === "header") {
        if (value !== undefined) headers[p.name] = String(value);
      } else if (value !== undefined) query.set(p.name, String(value));
    }
    const search = query.toString();
    return { url: search ? `${url}?${search}` : url, body: sentBody, headers };
  });
}

async function send(method: string, op: Operation, sent: Sent) {
  const withToken = op.security?.length ? { token } : {};
  return shop.call(method, sent.url, op.requestBody ? (sent.body ?? {}) : undefined, { ...withToken, headers: sent.headers });
}

const documentedStatus = (op: Operation, status: number) => String(status) in op.responses;

describe("input the document calls valid", () => {
  it("is never refused as validation_failed, and every answer's status is documented", async () => {
    const problems: string[] = [];
    for (const { method, path, op } of operations) {
      const bodySchema = op.requestBody?.content["application/json"]?.schema;
      if (!op.parameters?.length && !bodySchema) continue;
      // An event stream that opens stays open: its refusals are the JSON read's beside it, tested there.
      if ((op.responses["200"] as { content?: Record<string, unknown> } | undefined)?.content?.["text/event-stream"]) continue;
      let arbitrary: fc.Arbitrary<Sent>;
      try {
        arbitrary = requestOf(path, op, bodySchema ? arbitraryOf(bodySchema) : undefined);
      } catch (error) {
        problems.push(`${op["x-route"]}: no generator for its schemas (${(error as Error).message})`);
        continue;
      }
      const result = await fc.check(
        fc.asyncProperty(arbitrary, async (sent) => {
          const answer = await send(method, op, sent);
          if (answer.status === 422 && answer.body.code === "validation_failed") throw new Error(`validation_failed ${JSON.stringify((answer.body as { fields?: unknown }).fields)}`);
          if (!documentedStatus(op, answer.status)) throw new Error(`undocumented ${answer.status} ${answer.body?.code}`);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      if (process.env.FC_VERBOSE) console.info(`${result.failed ? "FAIL" : "ok"} ${op["x-route"]} ${result.failed ? (result.errorInstance as Error | undefined)?.message : ""}`);
      const refusedForShape = result.failed && /^validation_failed/.test((result.errorInstance as Error | undefined)?.message ?? "");
      if (refusedForShape && op["x-route"] in KNOWN) continue;
      if (result.failed) problems.push(`${op["x-route"]}: ${(result.errorInstance as Error | undefined)?.message ?? ""} for ${JSON.stringify(result.counterexample?.[0])}`);
      else if (op["x-route"] in KNOWN && RUNS >= 12) problems.push(`${op["x-route"]}: no longer refused, take it off KNOWN`);
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

describe("arbitrary and malformed bodies", () => {
  it("never get a 5xx, and every answer's status is documented", async () => {
    const problems: string[] = [];
    const junk = fc.oneof(fc.jsonValue(), fc.string(), fc.constantFrom("{", "[1,", '{"a":', "null", "\u0000", "{}}"));
    for (const { method, path, op } of operations) {
      if (!op.requestBody) continue;
      const arbitrary = requestOf(path, op, junk);
      const result = await fc.check(
        fc.asyncProperty(arbitrary, async (sent) => {
          const raw = typeof sent.body === "string" ? sent.body : JSON.stringify(sent.body);
          const answer = await send(method, op, { ...sent, body: raw });
          if (answer.status >= 500) throw new Error(`${answer.status} ${answer.body?.code}`);
          if (!documentedStatus(op, answer.status)) throw new Error(`undocumented ${answer.status} ${answer.body?.code}`);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      if (process.env.FC_VERBOSE) console.info(`${result.failed ? "FAIL" : "ok"} ${op["x-route"]} ${result.failed ? (result.errorInstance as Error | undefined)?.message : ""}`);
      if (result.failed) problems.push(`${op["x-route"]}: ${(result.errorInstance as Error | undefined)?.message ?? ""} for ${JSON.stringify(result.counterexample?.[0])}`);
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

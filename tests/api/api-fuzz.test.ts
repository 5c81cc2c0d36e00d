/**
 * Every route whose request has a body or a query schema, fed a few hundred malformed requests built from
 * that schema: wrong types, missing fields, huge and NUL-laden strings, deep nesting, arrays for objects,
 * numbers past the database's integer range, negative and fractional numbers, unicode, `__proto__` keys,
 * broken JSON and broken percent-encoding. None may answer 5xx, and every refusal must be the failure
 * envelope with a translated message. The generator is seeded: a failure names the seed and the request,
 * and `FUZZ_SEED=<n>` replays it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { shopApi, type RouteSpec } from "../../src/shared/api/contract";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";

const SEED = Number(process.env.FUZZ_SEED ?? 20260611);
const CASES_PER_FAMILY = 200;
const BATCH = 25;

/** mulberry32: small, fast and the same on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

function deep(depth: number, kind: "array" | "object"): unknown {
  let value: unknown = "x";
  for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value };
  return value;
}

/** Values no field of the shop should take, each a different way of being wrong. */
function nastyValue(random: Random): unknown {
  const choices: (() => unknown)[] = [
    () => null,
    () => true,
    () => 0,
    () => -1,
    () => -2147483649,
    () => 2147483647,
    () => 2147483648,
    () => 9007199254740993,
    () => 1e308,
    () => -1e308,
    () => 0.5,
    () => -3.75,
    () => 1e-320,
    () => "",
    () => " ",
    () => "a\u0000b",
    () => "\u0000",
    () => "x".repeat(10_000 + random.int(60_000)),
    () => "é".repeat(3_000),
    () => "😀👩‍👩‍👧‍👦\u202e\ufeff\ud800",
    () => "Ⅻ١٢٣４５",
    () => "2147483648",
    () => "-1",
    () => "1.5",
    () => "1e400",
    () => "NaN",
    () => "Infinity",
    () => "0x10",
    () => "../../etc/passwd",
    () => "' OR 1=1 --",
    () => "<script>alert(1)</script>",
    () => "%00",
    () => "__proto__",
    () => [],
    () => [1, "a", null],
    () => [{}],
    () => ({}),
    () => ({ __proto__: { polluted: true } }),
    () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
    () => deep(200 + random.int(800), random.pick(["array", "object"] as const)),
    () => Array.from({ length: 1_000 }, (_, i) => i),
    () => "2024-02-30",
    () => "9999-99-99T99:99",
    () => "+57 300 000 0000 0000 0000",
    () => "a@b",
  ];
  return random.pick(choices)();
}

/** A plausible value of a schema's shape, so the mutations reach past the first check. */
function sample(schema: z.ZodMiniType, random: Random, depth = 0): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  if (depth > 6) return "x";
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.ZodMiniType>;
      return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, sample(field, random, depth + 1)]));
    }
    case "array":
      return [sample(def.element as z.ZodMiniType, random, depth + 1)];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return sample(def.innerType as z.ZodMiniType, random, depth + 1);
    case "pipe":
      return sample(def.in as z.ZodMiniType, random, depth + 1);
    case "union":
      return sample(random.pick(def.options as z.ZodMiniType[]), random, depth + 1);
    case "enum":
      return random.pick(Object.values(def.entries as Record<string, unknown>));
    case "literal":
      return (def.values as unknown[])[0];
    case "number":
    case "int":
      return 1;
    case "boolean":
      return true;
    case "string":
      return random.pick(["1", "CO", "Bogotá", "persona@example.com", "3001234567", "2000-01-01", "secreto1"]);
    default:
      return "1";
  }
}

/** Every place inside a value where a mutation can land. */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (prefix.length > 8) return out;
  if (Array.isArray(value)) value.forEach((item, index) => paths(item, [...prefix, index], out));
  else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) paths(item, [...prefix, key], out);
  return out;
}

function setAt(root: unknown, path: (string | number)[], change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  if (path.length === 0) return root;
  let parent = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path.at(-1)!);
  return root;
}

/** One malformed version of a plausible value. */
function mutate(base: unknown, random: Random): unknown {
  const value: unknown = structuredClone(base);
  const mutations = 1 + random.int(3);
  let result = value;
  for (let i = 0; i < mutations; i++) {
    const path = random.pick(paths(result));
    const how = random.int(10);
    if (path.length === 0) {
      result = how < 3 ? [result] : nastyValue(random);
      continue;
    }
    result = setAt(result, path, (parent, key) => {
      if (how === 0 && !Array.isArray(parent)) delete parent[key];
      else if (how === 1) parent[key] = [parent[key]];
      else if (how === 2 && !Array.isArray(parent)) Object.defineProperty(parent, "__proto__", { value: nastyValue(random), enumerable: true, configurable: true, writable: true });
      else parent[key] = nastyValue(random);
    });
  }
  return result;
}

/** A JSON body as sent: usually the mutated object, sometimes not JSON at all. */
function bodyText(body: unknown, random: Random): string {
  if (random.int(12) === 0)
    return random.pick(["", "{", "nul", "{\"a\":1,}", "[".repeat(5_000), "\"\\ud800\"", "1e99999", "{\"a\":\"\\u0000\"}", "\u0000", "{}".repeat(3)]);
  return JSON.stringify(body) ?? "null";
}

/** A query as sent: repeated keys for arrays, bracketed keys for objects, and now and then broken %-escapes. */
function queryText(query: unknown, random: Random): string {
  if (random.int(15) === 0) return random.pick(["%", "q=%E0%A4%A", "country-code=%ZZ", "%%%=%%", "a=%00&a=%FF", "=&=&&", "q=%uD800"]);
  if (!query || typeof query !== "object" || Array.isArray(query)) return `q=${encode(String(JSON.stringify(query)))}`;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const name = encode(key);
    if (Array.isArray(value)) for (const item of value) parts.push(`${name}=${encode(String(item))}`);
    else if (value && typeof value === "object") parts.push(`${name}[a]=${encode(JSON.stringify(value))}`);
    else if (value !== undefined) parts.push(`${name}=${encode(String(value))}`);
  }
  return parts.join("&");
}

/** encodeURIComponent, except that a lone surrogate goes out as the invalid UTF-8 it would be. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

const pathValues: Record<string, string> = { id: "1", ref: "1", eventId: "1", code: "PROMO", orderId: "1", key: "x", host: "localhost" };

interface FuzzCase {
  method: string;
  path: string;
  body?: string;
  token?: string;
}

let shop: TestShop;
let customerToken: string;
let staffToken: string;
let purchase: unknown;

beforeAll(async () => {
  // Listening, so a purchase the mutations left valid reaches the payment simulator as it would the provider.
  shop = await openTestShop({ listen: true });
  customerToken = (await shop.buyer()).token;
  staffToken = (await shop.buyer("staff")).token;
  const offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = offer.variants[0]!;
  purchase = purchaseBody(offer, [variant.id], await countyOf(shop.db, variant.provinceId));
}, 60_000);
afterAll(() => shop.close());

/**
 * A family is the routes that read the same request schemas (the six country-query lists, a friend's
 * create and edit …): each family gets its cases, spread over its routes, so the run stays short.
 */
interface Family {
  routes: [string, RouteSpec][];
  seed: number;
}
function families(): Family[] {
  const byShape = new Map<string, [string, RouteSpec][]>();
  const ids = new Map<unknown, number>();
  const id = (schema: unknown) => (schema ? (ids.get(schema) ?? ids.set(schema, ids.size + 1).get(schema)) : 0);
  for (const [key, spec] of Object.entries(shopApi as Record<string, RouteSpec>)) {
    if (!spec.body && !spec.query) continue;
    const shape = `${id(spec.body)}/${id(spec.query)}/${spec.auth ?? ""}`;
    byShape.set(shape, [...(byShape.get(shape) ?? []), [key, spec]]);
  }
  return [...byShape.values()].map((routes, index) => ({ routes, seed: SEED + index }));
}
const fuzzed = families();

function casesFor(family: Family): FuzzCase[] {
  const random = generator(family.seed);
  const spec = family.routes[0]![1];
  const token = spec.auth === "staff" ? staffToken : spec.auth === "bearer" ? customerToken : undefined;
  const bodyBase = family.routes.some(([key]) => key === "POST /shop-api/init-payment") ? purchase : spec.body ? sample(spec.body, random) : undefined;
  const queryBase = spec.query ? sample(spec.query, random) : undefined;
  return Array.from({ length: CASES_PER_FAMILY }, (_, index) => {
    const [method, template] = family.routes[index % family.routes.length]![0].split(" ") as [string, string];
    const path = template.replace(/:(\w+)/g, (_, name: string) => pathValues[name] ?? "1");
    // Mutate the body, the query, or both; the untouched one stays plausible.
    const which = spec.body && spec.query ? random.pick(["body", "query", "both"] as const) : spec.body ? "body" : "query";
    const query = queryBase === undefined ? undefined : which === "body" ? queryBase : mutate(queryBase, random);
    const body = bodyBase === undefined ? undefined : which === "query" ? bodyBase : mutate(bodyBase, random);
    const search = query === undefined ? "" : `?${queryText(query, random)}`;
    return { method, path: `${path}${search}`, body: body === undefined && method === "GET" ? undefined : bodyText(body, random), token };
  });
}

const keyLike = /^[a-z_]+(\.[a-z_]+)+$/;

describe(`malformed requests on every route with a body or query (seed ${SEED})`, () => {
  it("covers every such route of the contract", () => {
    expect(fuzzed.flatMap((family) => family.routes).length).toBeGreaterThan(20);
  });

  it.each(fuzzed.map((family) => ({ family, name: family.routes.map(([key]) => key).join(", ") })))("$name: no 5xx, every refusal a translated envelope", async ({ family }) => {
    const seed = family.seed;
    const cases = casesFor(family);
    for (let start = 0; start < cases.length; start += BATCH) {
      const batch = cases.slice(start, start + BATCH);
      const answers = await Promise.all(batch.map((one) => shop.call(one.method, one.path, one.body, { token: one.token, headers: { "accept-language": "en-US" } })));
      answers.forEach((answer, offset) => {
        const one = batch[offset]!;
        const shown = `seed ${seed}, case ${start + offset}: ${one.method} ${one.path.slice(0, 300)} ${one.body?.slice(0, 300) ?? ""} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
        expect(answer.status, shown).toBeLessThan(500);
        if (answer.status < 400) return;
        const body = answer.body as unknown as Record<string, unknown>;
        expect(body, shown).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
        expect(String(body.message).trim(), shown).not.toBe("");
        expect(body.message, shown).not.toMatch(keyLike);
        expect(body.message, shown).not.toBe(body.code);
        for (const text of Object.values((body.fields as Record<string, string> | undefined) ?? {})) expect(text, shown).not.toMatch(keyLike);
      });
    }
  }, 60_000);
});

/**
 * The API's contract (src/shared/api/contract/index.ts) as served at /api/openapi.json: every mounted JSON route is in
 * it, nothing else is, and the reference page reads it without reaching any other host. That every answer keeps
 * its declared shape is checked across all API tests by tests/helpers/contract-answers.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopApi } from "../../src/shared/api/contract";
import { MAX_IMAGE_BYTES, MAX_SHEET_BYTES } from "../../src/server/uploads/limits";
import { contractBreach } from "../helpers/contract-answers";
import { openTestShop, type TestShop } from "../helpers/test-shop";

/** Mounted on purpose without a place in the document (docs/api.md says why). */
const UNDOCUMENTED = [
  /^\/payments-sim\//, // the providers' own protocols, simulated
  /^\/geo-sim\//, // Nominatim's and OSRM's own protocols, simulated
  /^\/dev\//, // the dev outbox
  /^\/uploads\//, // stored files (event pictures), not JSON
  /^\/api\/openapi\.json$/, // the document itself
  /^\/api\/reference$/, // its reading page
  /^\/shop-api\/order-detail\/:id\/\*$/, // the same call as /order-detail/:id with a suffix OpenAPI cannot express
];

interface Operation {
  "x-route"?: string;
  requestBody?: { required?: boolean; description?: string; content: Record<string, { schema?: unknown; encoding?: Record<string, { contentType?: string }> }> };
  responses?: Record<string, unknown>;
}
type Paths = Record<string, Record<string, Operation>>;

let shop: TestShop;
let paths: Paths;

beforeAll(async () => {
  shop = await openTestShop({ seed: false });
  const answer = await shop.app.request("/api/openapi.json");
  expect(answer.status).toBe(200);
  const document = (await answer.json()) as { openapi: string; paths: Paths };
  expect(document.openapi).toBe("3.1.0");
  paths = document.paths;
});
afterAll(() => shop.close());

const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

describe("GET /api/openapi.json", () => {
  it("documents every route the app mounts, under its contract name", () => {
    const mounted = shop.app.routes.filter((route) => route.method !== "ALL" && !UNDOCUMENTED.some((skip) => skip.test(route.path)));
    const missing = mounted.filter((route) => paths[openApiPath(route.path)]?.[route.method.toLowerCase()]?.["x-route"] !== `${route.method} ${route.path}`);
    expect(missing.map((route) => `${route.method} ${route.path}`)).toEqual([]);
    expect(mounted.length).toBeGreaterThan(40);
  });

  it("documents nothing the app does not serve, and every contract entry", () => {
    const documented = Object.values(paths).flatMap((methods) => Object.values(methods).map((op) => op["x-route"]));
    const served = new Set(shop.app.routes.map((route) => `${route.method} ${route.path}`));
    expect(documented.filter((key) => !served.has(key!))).toEqual([]);
    expect([...documented].sort()).toEqual(Object.keys(shopApi).sort());
  });

  it("declares the success envelope and the refusal envelope of each call", () => {
    const events = paths["/api/events"]!.get!;
    expect(Object.keys(events.responses!)).toEqual(expect.arrayContaining(["200", "422"]));
    expect(JSON.stringify(events.responses!["422"])).toContain("#/components/schemas/Failure");
    expect(Object.keys(paths["/shop-api/register"]!.post!.responses!)).toEqual(expect.arrayContaining(["201", "400", "409", "422"]));
  });

  it("documents each upload's multipart body: the file field, its media types and the size the server takes", () => {
    const uploads = [
      ["/shop-api/admin/images", MAX_IMAGE_BYTES, "image/jpeg"],
      ["/shop-api/event-requests/{id}/upload-image", MAX_IMAGE_BYTES, "image/png"],
      ["/shop-api/event-requests/{id}/upload-guests", MAX_SHEET_BYTES, "application/vnd.ms-excel"],
    ] as const;
    for (const [path, maxBytes, mediaType] of uploads) {
      const body = paths[path]!.post!.requestBody!;
      const multipart = body.content["multipart/form-data"]!;
      expect(body.required).toBe(true);
      expect(multipart.schema).toMatchObject({ type: "object", required: ["file"], properties: { file: { type: "string" } } });
      expect(multipart.encoding?.file?.contentType).toContain(mediaType);
      expect(body.description).toContain(`${maxBytes} bytes`);
      expect(Object.keys(paths[path]!.post!.responses!)).toContain("413");
    }
  });
});

describe("what the document says each call answers and wants", () => {
  const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  const mediaTypesOf = (path: string, method: string, status: string) =>
    Object.keys((paths[path]![method]!.responses![status] as { content?: Record<string, unknown> }).content ?? {}).sort();

  it("documents every file answer under its media type, beside the JSON one where the call has both", () => {
    expect(mediaTypesOf("/shop-api/staff/exports", "get", "200")).toEqual(["application/json", XLSX, "text/csv"].sort());
    expect(mediaTypesOf("/shop-api/staff/manifests", "get", "200")).toEqual(["application/json", "text/csv"]);
    expect(mediaTypesOf("/shop-api/event-requests/{id}/guests/export", "get", "200")).toEqual([XLSX, "text/csv"].sort());
    expect(mediaTypesOf("/shop-api/staff/orders/{id}/invoice", "get", "200")).toEqual(["application/pdf"]);
  });

  it("documents a redirect as 303 with its Location, and the JSON answer a caller asking for JSON gets instead", async () => {
    for (const [path, method] of [["/shop-api/confirm-email", "get"], ["/shop-api/payments/return/{orderId}/{key}", "post"]] as const) {
      const responses = paths[path]![method]!.responses as Record<string, { headers?: Record<string, unknown> }>;
      expect(Object.keys(responses["303"]!.headers ?? {})).toEqual(["Location"]);
      expect(mediaTypesOf(path, method, "200")).toEqual(["application/json"]);
    }
    const browser = await shop.app.request("/shop-api/confirm-email?token=no-such-link-token-0123456789", { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(browser.status).toBe(303);
    expect(browser.headers.get("location")).toMatch(/^\/\?email-change=/);
    const app = await shop.app.request("/shop-api/confirm-email?token=no-such-link-token-0123456789", { headers: { accept: "application/json" } });
    expect(app.status).toBe(200);
    expect(await app.json()).toEqual({ success: true, data: { location: browser.headers.get("location") } });
  });

  it("declares on each call the token it really asks for: a public call never answers 401 to a caller without one, a bearer call always does", async () => {
    const wrong: string[] = [];
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const security = (operation as { security: Record<string, unknown>[] }).security;
        const anonymousWelcome = security.length === 0 || security.some((option) => Object.keys(option).length === 0);
        const url = path.replace(/\{\w+\}/g, "1");
        const answer = await shop.app.request(url, {
          method: method.toUpperCase(),
          headers: { "content-type": "application/json", accept: "application/json" },
          ...(method === "get" ? {} : { body: "{}" }),
        });
        if (anonymousWelcome === (answer.status === 401)) wrong.push(`${method.toUpperCase()} ${path}: ${JSON.stringify(security)} answered ${answer.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(paths["/shop-api/order-status/{id}"]!.get).toMatchObject({ security: [{ bearer: [] }, { linkKey: [] }] });
    expect(paths["/api/events/{id}/product-variant"]!.get).toMatchObject({ security: [{}, { bearer: [] }] });
  }, 60_000);
});

describe("the answer check every API test runs", () => {
  it("refuses a missing field, an undeclared field, a wrong status and an unknown route", () => {
    const country = { code: "CO", name: "Colombia", currency: "COP", currencyDecimals: 0, defaultLocale: "es_CO", phonePrefix: "+57", rutLabel: "NIT" };
    expect(contractBreach("GET", "/api/countries", 200, { success: true, data: [country] })).toBeNull();
    expect(contractBreach("GET", "/api/countries", 200, { success: true, data: [{ ...country, name: undefined }] })).toMatch(/name/);
    expect(contractBreach("GET", "/api/countries", 200, { success: true, data: [{ ...country, secret: 1 }] })).toMatch(/does not declare/);
    expect(contractBreach("POST", "/api/contact", 200, { success: true, data: { id: 1 } })).toMatch(/contract says 201/);
    expect(contractBreach("GET", "/api/nothing-here", 200, { success: true, data: {} })).toMatch(/not in the contract/);
    expect(contractBreach("GET", "/api/nothing-here", 404, { success: false, code: "not_found" })).toMatch(/message/);
  });
});

describe("GET /api/reference", () => {
  it("shows the document as a readable page that loads nothing from another host", async () => {
    const page = await shop.app.request("/api/reference");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Rodamos shop API");
    expect(html).toContain("/api/events/{ref}");
    expect(html).not.toMatch(/<(script|link|img)\b[^>]*(src|href)="(https?:)?\/\//i);
  });

  it("is not served in production", async () => {
    const app = shop.otherApp({ env: { NODE_ENV: "production", ORDER_SWEEP_SECONDS: "0" } });
    expect((await app.request("/api/reference")).status).toBe(404);
    expect((await app.request("/api/openapi.json")).status).toBe(200);
  });
});

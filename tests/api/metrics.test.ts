/**
 * /metrics: the Prometheus text of requests per route pattern, their latency, attempt-limit refusals, orders by
 * state and method, the outbox queue, the page publisher's runs and the process; for this machine and METRICS_TOKEN's
 * bearers only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { parseEnv } from "../../src/server/env";
import { reportPublication } from "../../src/server/http/publication-stats";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let app: ReturnType<typeof createApp>;
const TOKEN = "metrics-token-for-the-scraper";
beforeAll(async () => {
  shop = await openTestShop();
  app = createApp({ db: shop.db, env: parseEnv({ ...process.env, NODE_ENV: "test", JWT_SECRET: "x".repeat(48), DATA_DIR: shop.env.DATA_DIR, METRICS_TOKEN: TOKEN }) });
});
afterAll(() => shop.close());

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

describe("/metrics", () => {
  it("counts requests and their latency per route pattern, refusals, orders, the outbox and the process", async () => {
    await app.request("/api/health", {}, from("10.70.0.1"));
    await app.request("/shop-api/order-status/12345", {}, from("10.70.0.1"));
    const answer = await app.request("/metrics", {}, from("127.0.0.1"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    const text = await answer.text();
    expect(text).toMatch(/^rodamos_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1$/m);
    expect(text).toMatch(/^rodamos_http_requests_total\{method="GET",route="\/shop-api\/order-status\/:id",status="401"\} 1$/m);
    expect(text).toMatch(/^rodamos_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/health"\} 1$/m);
    expect(text).toContain("rodamos_outbox_pending ");
    expect(text).toContain("rodamos_outbox_oldest_pending_seconds ");
    expect(text).toContain("rodamos_process_resident_memory_bytes ");
    expect(text).toContain("rodamos_nodejs_eventloop_lag_seconds ");
    expect(text).toContain("# TYPE rodamos_orders gauge");
  });

  it("counts the page publisher's runs by outcome and kind, and their duration", async () => {
    const before = await (await app.request("/metrics", {}, from("127.0.0.1"))).text();
    const count = (text: string, labels: string) => Number(new RegExp(`^rodamos_publisher_runs_total\\{${labels}\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
    // What the publisher reports after each publication (src/server/publishing/publisher.ts).
    reportPublication({ ok: true, kind: "render", seconds: 0.8 });
    reportPublication({ ok: false, seconds: 3 });
    const text = await (await app.request("/metrics", {}, from("127.0.0.1"))).text();
    expect(count(text, 'outcome="ok",kind="render"')).toBe(count(before, 'outcome="ok",kind="render"') + 1);
    expect(count(text, 'outcome="failed",kind="none"')).toBe(count(before, 'outcome="failed",kind="none"') + 1);
    expect(text).toMatch(/^rodamos_publisher_duration_seconds_bucket\{le="1",kind="render"\} [1-9]\d*$/m);
    expect(text).toMatch(/^rodamos_publisher_duration_seconds_count\{kind="render"\} [1-9]\d*$/m);
  });

  it("counts attempt-limit refusals", async () => {
    for (let i = 0; i < 7; i += 1) {
      await app.request("/shop-api/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "x@example.com", password: `guess-${i}` }) }, from("10.70.0.2"));
    }
    const text = await (await app.request("/metrics", {}, from("127.0.0.1"))).text();
    expect(text).toMatch(/^rodamos_rate_limit_refusals_total\{route="\/shop-api\/login"\} 2$/m);
  });

  it("answers another machine only with METRICS_TOKEN, and never through a proxy's forwarded address", async () => {
    expect((await app.request("/metrics", {}, from("203.0.113.7"))).status).toBe(404);
    expect((await app.request("/metrics", { headers: { authorization: "Bearer wrong-token-of-same-len" } }, from("203.0.113.7"))).status).toBe(404);
    expect((await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }, from("203.0.113.7"))).status).toBe(200);
    expect((await app.request("/metrics", { headers: { "x-forwarded-for": "203.0.113.7" } }, from("127.0.0.1"))).status).toBe(404);
  });
});

/**
 * A catalogue read asked again over HTTP is answered by the fast lane in front of Hono (server.ts withFastLane),
 * and a visitor cannot tell: the same body and headers the whole stack gave (security headers, ETag, Vary), a
 * request id of its own, a coded body only for a client that asked for that coding, 304 for a matching
 * If-None-Match; and the shop still counts each of those answers and logs them (one by one up to a rate, then
 * one line a second saying how many more).
 */
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { LOGGED_PER_SECOND } from "../../src/server/answer-cache/fast-lane";
import { withFastLane } from "../../src/server/server";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let server: ServerType;
let port = 0;
const lines: Record<string, unknown>[] = [];
const LIST = "/api/events?type=1&country-code=CO";

beforeAll(async () => {
  shop = await openTestShop();
  const app = createApp({ db: shop.db, env: shop.env }, { outboxWorker: false, logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1", createServer: withFastLane(app) }, (info: AddressInfo) => resolve(info.port));
  });
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  await shop.close();
});

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers as Record<string, string>, body: Buffer.concat(chunks) }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The headers a visitor compares: everything but the per-answer ones. */
const lasting = (headers: Record<string, string>) => {
  const { date: _date, "x-request-id": _id, connection: _connection, "keep-alive": _keepAlive, ...rest } = headers;
  return rest;
};

describe("a catalogue read asked again over HTTP", () => {
  it("gets the same body and headers the whole stack gave, with a request id of its own", async () => {
    const first = await get(LIST);
    const again = [await get(LIST), await get(LIST), await get(LIST, { "x-request-id": "edge-1234abcd" })];
    expect(first.status).toBe(200);
    expect(first.headers["content-security-policy"] ?? first.headers["x-content-type-options"]).toBeTruthy();
    for (const answer of again) {
      expect(answer.status).toBe(200);
      expect(lasting(answer.headers)).toEqual(lasting(first.headers));
      expect(answer.body.equals(first.body)).toBe(true);
    }
    expect(again[0]!.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(again[1]!.headers["x-request-id"]).not.toBe(again[0]!.headers["x-request-id"]);
    expect(again[2]!.headers["x-request-id"]).toBe("edge-1234abcd");
  });

  it("is coded only for a client that asked for that coding", async () => {
    for (const acceptEncoding of ["", "identity", "gzip;q=0", "deflate"]) {
      await get(LIST, { "accept-encoding": acceptEncoding });
      const answer = await get(LIST, { "accept-encoding": acceptEncoding });
      expect(answer.headers["content-encoding"], acceptEncoding).toBeUndefined();
      expect(JSON.parse(answer.body.toString("utf8"))).toMatchObject({ success: true });
    }
    await get(LIST, { "accept-encoding": "gzip" });
    const gzipped = await get(LIST, { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzipped.body).toString("utf8"))).toMatchObject({ success: true });
  });

  it("answers 304 without a body to a matching If-None-Match", async () => {
    const first = await get(LIST);
    const revalidated = await get(LIST, { "if-none-match": first.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.byteLength).toBe(0);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
  });

  it("is logged and counted like any other answer", async () => {
    await get(LIST);
    const answer = await get(LIST, { "x-request-id": "lane-log-check-1" });
    expect(answer.status).toBe(200);
    expect(lines.find((line) => line.reqId === "lane-log-check-1")).toMatchObject({ method: "GET", route: "/api/events", status: 200, msg: "request" });
    const metrics = (await get("/metrics")).body.toString("utf8");
    const counted = /rodamos_http_requests_total\{method="GET",route="\/api \(cached\)",status="200"\} (\d+)/.exec(metrics);
    expect(Number(counted?.[1])).toBeGreaterThanOrEqual(5);
  });

  it("beyond the logged rate, says in one line how many answers it did not log one by one, and still counts them all", async () => {
    const counted = async () =>
      Number(/rodamos_http_requests_total\{method="GET",route="\/api \(cached\)",status="200"\} (\d+)/.exec((await get("/metrics")).body.toString("utf8"))?.[1] ?? 0);
    await get(LIST);
    const before = await counted();
    const burst = 3 * LOGGED_PER_SECOND;
    const ids = Array.from({ length: burst }, (_, index) => `burst-check-${String(index).padStart(4, "0")}`);
    const fromLine = lines.length;
    await Promise.all(ids.map((id) => get(LIST, { "x-request-id": id })));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const written = lines.slice(fromLine);
    const ownLines = written.filter((line) => ids.includes(line.reqId as string)).length;
    const summarised = written.filter((line) => line.msg === "cached answers not logged one by one").reduce((sum, line) => sum + Number(line.count), 0);
    expect(ownLines).toBeLessThan(burst);
    expect(ownLines + summarised).toBe(burst);
    expect((await counted()) - before).toBe(burst);
  });
});

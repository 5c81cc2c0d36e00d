/**
 * Security headers on every answer (pages, API, payment simulators), HSTS only over https, and a 413 that
 * closes its connection so the next request is sent on a fresh one (tried over a real socket).
 */
import { mkdtempSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, JSON_BODY_LIMIT } from "../../src/server/app";
import { parseEnv } from "../../src/server/env";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop({ seed: false });
});
afterAll(() => shop.close());

const baseEnv = { NODE_ENV: "test", JWT_SECRET: "test-secret-that-is-long-enough-for-hs256!!", DATA_DIR: ".tmp/test-data" };
const appWith = (settings: Record<string, string>) => createApp({ db: shop.db, env: parseEnv({ ...baseEnv, ...settings }) });
/** app.request() as a peer at `address` would send it (the node server puts the socket in env.incoming). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

describe("every answer", () => {
  it("carries nosniff, a referrer policy, a camera-less Permissions-Policy and a CSP that forbids framing", async () => {
    for (const path of ["/api/health", "/api/nothing-here", "/payments-sim/mercadopago/checkout/v1/redirect?pref_id=none"]) {
      const response = await shop.app.request(path, {}, from("127.0.0.1"));
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("permissions-policy"), path).toContain("camera=()");
      expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
    expect((await shop.app.request("/api/health")).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect((await shop.app.request("/api/health")).headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("keeps the payment simulator's own stricter referrer policy, and lets its forms post back to the shop's return URL", async () => {
    const response = await shop.app.request("/payments-sim/mercadopago/checkout/v1/redirect?pref_id=none", {}, from("127.0.0.1"));
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'self'; script-src 'self'/);
    expect(response.headers.get("content-security-policy")).not.toContain("form-action");
  });
});

describe("every answer over a real socket", () => {
  it("carries the headers, pages built from a plain HTML string too (the API reference, the 'site is being built' page)", async () => {
    // No published site yet: every page answers the 503 "being built" page.
    const app = createApp({ db: shop.db, env: parseEnv(baseEnv) }, { distDir: join(mkdtempSync(join(tmpdir(), "rodamos-dist-")), "none"), outboxWorker: false });
    const server = await new Promise<ServerType>((ready) => {
      const started: ServerType = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => ready(started));
    });
    try {
      const port = (server.address() as AddressInfo).port;
      for (const [path, encoding] of [["/api/reference", "gzip"], ["/api/reference", "identity"], ["/", "gzip"], ["/", "identity"], ["/api/health", "identity"]]) {
        const response = await fetch(`http://127.0.0.1:${port}${path!}`, { headers: { "accept-encoding": encoding! } });
        await response.arrayBuffer();
        const label = `${path} ${encoding} ${response.status}`;
        expect(response.headers.get("x-content-type-options"), label).toBe("nosniff");
        expect(response.headers.get("content-security-policy"), label).toContain("frame-ancestors 'none'");
        expect(response.headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
        expect(response.headers.get("permissions-policy"), label).toContain("camera=()");
      }
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});

describe("HSTS", () => {
  it("is sent when the public origin is https", async () => {
    const response = await appWith({ PUBLIC_URL: "https://rodamos.example" }).request("/api/health");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("is sent for X-Forwarded-Proto https only from a trusted proxy", async () => {
    const app = appWith({ TRUST_PROXY: "10.0.0.5" });
    const viaHttps = { headers: { "x-forwarded-proto": "https" } };
    expect((await app.request("/api/health", viaHttps, from("127.0.0.1"))).headers.get("strict-transport-security")).not.toBeNull();
    expect((await app.request("/api/health", viaHttps, from("10.0.0.5"))).headers.get("strict-transport-security")).not.toBeNull();
    expect((await app.request("/api/health", viaHttps, from("203.0.113.9"))).headers.get("strict-transport-security")).toBeNull();
    expect((await app.request("/api/health", {}, from("127.0.0.1"))).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("a body too large (413)", () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    port = await new Promise<number>((ready) => {
      server = serve({ fetch: shop.app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => ready(info.port));
    });
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it("says Connection: close and closes the socket, so a client sends its next request on a new one", async () => {
    const body = JSON.stringify({ email: "x".repeat(JSON_BODY_LIMIT + 10) });
    const socket = connect(port, "127.0.0.1");
    const received = await new Promise<string>((done, reject) => {
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (text += chunk));
      socket.on("end", () => done(text));
      socket.on("error", reject);
      setTimeout(() => done(`${text}\n(still open after 5 s)`), 5_000);
      socket.write(`POST /shop-api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
      socket.write(body);
    });
    socket.destroy();
    const [head = ""] = received.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head.toLowerCase()).toContain("connection: close");
    expect(received).not.toContain("still open");
  });
});

import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp } from "./bearer";

function appWith(trustProxy: string) {
  const app = new Hono();
  app.use("*", async (c, next) => {
    c.set("deps" as never, { env: { TRUST_PROXY: trustProxy } } as never);
    await next();
  });
  app.get("/ip", (c) => c.text(clientIp(c)));
  return app;
}

async function ipSeen(app: Hono, peer: string, forwarded?: string) {
  const headers: Record<string, string> = forwarded ? { "x-forwarded-for": forwarded } : {};
  const response = await app.request("/ip", { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return response.text();
}

describe("client address behind a reverse proxy", () => {
  it("believes X-Forwarded-For from a proxy named in TRUST_PROXY", async () => {
    const app = appWith("10.0.0.5, 10.0.0.6");
    expect(await ipSeen(app, "10.0.0.6", "198.51.100.7")).toBe("198.51.100.7");
  });
  it("ignores the header from any other host", async () => {
    const app = appWith("10.0.0.5");
    expect(await ipSeen(app, "10.0.0.9", "198.51.100.7")).toBe("10.0.0.9");
  });
});

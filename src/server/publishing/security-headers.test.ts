import { createHash } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { API_POLICY, formTargetsOf, inlineScriptHashes, pagePolicy } from "./content-security-policy";
import { permissionsPolicy, securityHeaders, SERVICE_WORKER_PATH } from "./security-headers";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script's exact text once, and skips scripts loaded from a file", () => {
    const html = `<script>a()</script><script type="module" src="/_astro/x.js"></script><script is="x">\n b() \n</script><script>a()</script><SCRIPT>c()</SCRIPT >`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("\n b() \n"), sha("c()")]);
  });
});

describe("pagePolicy", () => {
  it("lets scripts run only from the shop or by hash, and no page frame it", () => {
    const policy = pagePolicy([sha("a()")], ["https://webpay3g.transbank.cl"]);
    expect(policy).toContain(`script-src 'self' ${sha("a()")};`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("form-action 'self' https://webpay3g.transbank.cl");
  });

  it("names no form targets on the payment simulators, which post back wherever the shop asked", () => {
    expect(formTargetsOf("/payments-sim/webpay/x", {})).toBe("any");
    expect(pagePolicy([], "any")).not.toContain("form-action");
    expect(formTargetsOf("/event/x", { PUBLIC_URL: "https://shop.example/", WEBPAY_BASE_URL: "https://webpay3g.transbank.cl/x" })).toEqual([
      "https://shop.example",
      "https://webpay3g.transbank.cl",
    ]);
  });
});

describe("permissionsPolicy", () => {
  it("allows the camera only on the staff scanner pages, on every site", () => {
    for (const path of ["/qr-verification", "/qr-verification/ORD-1", "/staff/scan", "/cl/es-cl/qr-verification", "/es/es-es/staff/x"]) {
      expect(permissionsPolicy(path), path).toContain("camera=(self)");
    }
    for (const path of ["/", "/event/x", "/my-account", "/staffing", "/api/events", "/cl/es-cl/faq"]) {
      expect(permissionsPolicy(path), path).toContain("camera=()");
    }
  });
});

describe("geolocation", () => {
  it("is allowed on the driver's phone only, on every site", () => {
    for (const path of ["/staff/driver", "/cl/es-cl/staff/driver"]) expect(permissionsPolicy(path), path).toContain("geolocation=(self)");
    for (const path of ["/", "/staff/dispatch", "/staff/driverx", "/qr-verification", "/my-account"]) expect(permissionsPolicy(path), path).toContain("geolocation=()");
  });
});

describe("the staff screens' service workers", () => {
  it("may fetch from the shop itself and nothing else; any other script or file keeps the closed policy", async () => {
    const app = new Hono().use("*", securityHeaders({ TRUST_PROXY: "" }));
    app.get("*", (c) => c.body("self.addEventListener('fetch', () => {});", 200, { "content-type": "text/javascript; charset=utf-8" }));
    expect((await app.request("/driver-sw.js")).headers.get("content-security-policy")).toBe((await app.request(SERVICE_WORKER_PATH)).headers.get("content-security-policy"));
    const worker = (await app.request(SERVICE_WORKER_PATH)).headers.get("content-security-policy")!;
    expect(worker).toContain("connect-src 'self'");
    expect(worker).toContain("default-src 'none'");
    expect(worker).not.toMatch(/unsafe|\*/);
    expect((await app.request("/_astro/x.js")).headers.get("content-security-policy")).toBe(API_POLICY);
  });
});

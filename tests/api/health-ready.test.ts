/** Liveness stays cheap (no database); readiness asks the database and says 503 while it cannot answer. */
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { openTestShop } from "../helpers/test-shop";

describe("/api/ready", () => {
  it("answers 200 with the database reached, and 503 not_ready (translated) once it cannot be, while /api/health still answers", { timeout: 90_000 }, async () => {
    const shop = await openTestShop({ seed: false });
    try {
      const ready = await shop.call("GET", "/api/ready");
      expect(ready).toMatchObject({ status: 200, body: { success: true, data: { ok: true, database: "ok" } } });

      const unreachable = new Proxy(shop.db, {
        get: (target, name) => (name === "execute" ? () => Promise.reject(new Error("connection refused")) : Reflect.get(target, name)),
      });
      const app = createApp({ db: unreachable, env: shop.env });
      const down = await app.request("/api/ready", { headers: { "x-locale": "en_US" } });
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ success: false, code: "not_ready", message: "The shop is not ready: its database does not answer" });
      expect((await app.request("/api/health")).status).toBe(200);
    } finally {
      await shop.close();
    }
  });
});

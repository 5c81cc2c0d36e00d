/**
 * The catalogue's fast lane replays an answer with the headers the whole stack gave it: never a Content-Encoding
 * that describes other bytes than the ones it holds (a coding the answer cache keeps no copy of: deflate, `*`).
 */
import { gunzipSync, inflateSync } from "node:zlib";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop.close());

function decoded(bytes: Buffer, coding: string | null): unknown {
  const plain = coding === "gzip" ? gunzipSync(bytes) : coding === "deflate" ? inflateSync(bytes) : coding === "br" ? null : bytes;
  return plain ? JSON.parse(plain.toString("utf8")) : "br";
}

describe("a catalogue read asked again", () => {
  it.each(["*", "deflate", "gzip", "br", "identity", "deflate, gzip;q=0"])("with Accept-Encoding %s answers bytes in the coding it names", async (acceptEncoding) => {
    // compress() runs only for a shop that serves its pages (distDir).
    const app = createApp({ db: shop.db, env: shop.env }, { distDir: join(mkdtempSync(join(tmpdir(), "rodamos-dist-")), "none"), outboxWorker: false });
    const bodies: unknown[] = [];
    for (let round = 0; round < 3; round += 1) {
      const response = await app.request("/api/events?type=1&country-code=CO", { headers: { "accept-encoding": acceptEncoding } });
      expect(response.status).toBe(200);
      const body = decoded(Buffer.from(await response.arrayBuffer()), response.headers.get("content-encoding"));
      if (body !== "br") expect(body, `round ${round}`).toMatchObject({ success: true });
      bodies.push(body);
    }
    expect(bodies[2]).toEqual(bodies[0]);
  });
});

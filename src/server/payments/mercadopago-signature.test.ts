import { describe, expect, it } from "vitest";
import { parseSignatureHeader, signManifest, signatureHeader, signatureManifest, verifySignature } from "./mercadopago-signature";

const secret = "webhook-secret-for-tests";
const now = new Date("2026-11-21T15:00:00Z");
const ts = String(now.getTime() / 1000);

function verify(header: string | null, overrides: Partial<Parameters<typeof verifySignature>[0]> = {}) {
  return verifySignature({ secret, header, requestId: "req-1", dataId: "123456", now, toleranceSeconds: 300, ...overrides });
}

describe("MercadoPago webhook signature", () => {
  it("builds the documented manifest, lower-casing data.id and leaving out missing parts", () => {
    expect(signatureManifest("123456", "req-1", "1704908010")).toBe("id:123456;request-id:req-1;ts:1704908010;");
    expect(signatureManifest("ABC12", "req-1", "1")).toBe("id:abc12;request-id:req-1;ts:1;");
    expect(signatureManifest(undefined, undefined, "1")).toBe("ts:1;");
  });

  it("matches an HMAC-SHA256 computed independently", async () => {
    const { createHmac } = await import("node:crypto");
    const expected = createHmac("sha256", secret).update("id:123456;request-id:req-1;ts:1704908010;").digest("hex");
    expect(signManifest(secret, "id:123456;request-id:req-1;ts:1704908010;")).toBe(expected);
    expect(signatureHeader(secret, "123456", "req-1", "1704908010")).toBe(`ts=1704908010,v1=${expected}`);
  });

  it("parses ts and v1 in any order and with spaces", () => {
    const v1 = "a".repeat(64);
    expect(parseSignatureHeader(`v1=${v1}, ts=17`)).toEqual({ ts: "17", v1 });
    expect(parseSignatureHeader("ts=17")).toBeNull();
    expect(parseSignatureHeader(`ts=abc,v1=${v1}`)).toBeNull();
  });

  it("accepts its own fresh signature", () => {
    expect(verify(signatureHeader(secret, "123456", "req-1", ts))).toBe("valid");
    expect(verify(signatureHeader(secret, "123456", "req-1", String(now.getTime())))).toBe("valid"); // ts in ms
  });

  it("tells missing, malformed, mismatched and stale apart", () => {
    expect(verify(null)).toBe("missing");
    expect(verify("nonsense")).toBe("malformed");
    expect(verify(signatureHeader("another-secret", "123456", "req-1", ts))).toBe("mismatch");
    expect(verify(signatureHeader(secret, "654321", "req-1", ts))).toBe("mismatch");
    expect(verify(signatureHeader(secret, "123456", "req-2", ts))).toBe("mismatch");
    const old = String(now.getTime() / 1000 - 301);
    expect(verify(signatureHeader(secret, "123456", "req-1", old))).toBe("stale");
    const within = String(now.getTime() / 1000 - 299);
    expect(verify(signatureHeader(secret, "123456", "req-1", within))).toBe("valid");
  });
});

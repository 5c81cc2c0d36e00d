import { describe, expect, it } from "vitest";
import { signSessionToken, verifySessionToken } from "./session-tokens";

const secret = new TextEncoder().encode("unit-test-secret-unit-test-secret-1234");
const now = new Date("2026-06-01T12:00:00Z");

describe("session tokens", () => {
  it("round-trips the user, role and token version until expiry", async () => {
    const { token, expiresAt } = await signSessionToken(secret, { userId: 7, role: "customer", tokenVersion: 3 }, now, 3600);
    expect(expiresAt.toISOString()).toBe("2026-06-01T13:00:00.000Z");
    expect(await verifySessionToken(secret, token, now)).toMatchObject({ userId: 7, role: "customer", tv: 3 });
    expect(await verifySessionToken(secret, token, new Date("2026-06-01T13:00:01Z"))).toBeUndefined();
  });

  it("refuses another key, a changed payload and garbage", async () => {
    const { token } = await signSessionToken(secret, { userId: 7, role: "customer", tokenVersion: 0 }, now);
    expect(await verifySessionToken(new TextEncoder().encode("x".repeat(40)), token, now)).toBeUndefined();
    const [head, , sig] = token.split(".");
    const tampered = `${head}.${Buffer.from(JSON.stringify({ sub: "8", role: "admin", tv: 0, exp: 9e9 })).toString("base64url")}.${sig}`;
    expect(await verifySessionToken(secret, tampered, now)).toBeUndefined();
    expect(await verifySessionToken(secret, "garbage", now)).toBeUndefined();
  });

  it("keeps refusing a token verified before under another key, and once its time is up", async () => {
    const { token } = await signSessionToken(secret, { userId: 9, role: "customer", tokenVersion: 0 }, now, 60);
    expect(await verifySessionToken(secret, token, now)).toMatchObject({ userId: 9 });
    expect(await verifySessionToken(new TextEncoder().encode("y".repeat(40)), token, now)).toBeUndefined();
    expect(await verifySessionToken(secret, token, new Date(now.getTime() + 59_000))).toMatchObject({ userId: 9 });
    expect(await verifySessionToken(secret, token, new Date(now.getTime() + 60_000))).toBeUndefined();
  });

});

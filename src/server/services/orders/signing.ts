/**
 * Signatures the shop puts on things it hands out about an order: the ticket QR code (so the scanner can tell a
 * forged code) and the payment return link (so only the buyer's own way back can cancel an order on the
 * browser's word). Each purpose has its own key, derived from the server secret (JWT_SECRET or the generated
 * key in DATA_DIR), so a signature made for one purpose is worthless for another.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { loadJwtSecret } from "../../auth/secret";
import type { Env } from "../../env";

type Purpose = "ticket-qr-v1" | "payment-return-v1";

const keys = new WeakMap<Env, Map<Purpose, Buffer>>();

function keyFor(env: Env, purpose: Purpose): Buffer {
  let perEnv = keys.get(env);
  if (!perEnv) {
    perEnv = new Map();
    keys.set(env, perEnv);
  }
  let key = perEnv.get(purpose);
  if (!key) {
    key = createHmac("sha256", loadJwtSecret(env)).update(`rodamos:${purpose}`).digest();
    perEnv.set(purpose, key);
  }
  return key;
}

export function sign(env: Env, purpose: Purpose, message: string): string {
  return createHmac("sha256", keyFor(env, purpose)).update(message).digest("base64url");
}

/** Constant-time comparison, so the time taken tells nothing about how much of a guess was right. */
export function verify(env: Env, purpose: Purpose, message: string, signature: unknown): boolean {
  if (typeof signature !== "string" || signature.length > 128) return false;
  const expected = Buffer.from(sign(env, purpose, message));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

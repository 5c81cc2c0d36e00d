/**
 * Signatures the shop puts on things it hands out about an order and checks itself: the payment return link (so
 * only the buyer's own way back can cancel an order on the browser's word), a passenger's tracking link (their van
 * on the day, without signing in) and their rating link (the trip, once, after it). Ticket QR codes are signed with a
 * key pair instead (ticket-key.ts), so the scanner can check them without the shop. Each purpose has its own
 * key, derived once from the server secret (JWT_SECRET or the generated key in DATA_DIR), so a signature made
 * for one purpose is worthless for another.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type SignaturePurpose = "payment-return-v1" | "unsubscribe-v1" | "tracking-v1" | "rating-v1";
const PURPOSES: SignaturePurpose[] = ["payment-return-v1", "unsubscribe-v1", "tracking-v1", "rating-v1"];

export interface Signer {
  sign(purpose: SignaturePurpose, message: string): string;
  /** Constant-time comparison, so the time taken tells nothing about how much of a guess was right. */
  verify(purpose: SignaturePurpose, message: string, signature: unknown): boolean;
}

export function createSigner(secret: Uint8Array): Signer {
  const keys = new Map(PURPOSES.map((purpose) => [purpose, createHmac("sha256", secret).update(`rodamos:${purpose}`).digest()]));
  const sign = (purpose: SignaturePurpose, message: string) => createHmac("sha256", keys.get(purpose)!).update(message).digest("base64url");
  return {
    sign,
    verify(purpose, message, signature) {
      if (typeof signature !== "string" || signature.length > 128) return false;
      const expected = Buffer.from(sign(purpose, message));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

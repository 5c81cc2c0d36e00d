/**
 * The ticket QR code of a paid order (issue 4 section 4): JSON text `{"orderId":…,"sig":"…"}` where sig is an
 * HMAC of the order id under a server key, so the staff scanner can tell a code the shop issued from a forged
 * one. The storefront spec's scanner reads `orderId` from the same JSON (section 3 "Scanned QR content").
 */
import QRCode from "qrcode";
import type { Env } from "../../env";
import { sign, verify } from "./signing";

const message = (orderId: number) => `order:${orderId}`;

export function ticketQrText(env: Env, orderId: number): string {
  return JSON.stringify({ orderId, sig: sign(env, "ticket-qr-v1", message(orderId)) });
}

/**
 * For the scanner: the order id of a scanned text when it is a code this shop signed, else null (unreadable,
 * no orderId, or a signature that does not match).
 */
export function readTicketQr(env: Env, text: string): number | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const { orderId, sig } = value as { orderId?: unknown; sig?: unknown };
  if (typeof orderId !== "number" || !Number.isSafeInteger(orderId) || orderId < 1) return null;
  return verify(env, "ticket-qr-v1", message(orderId), sig) ? orderId : null;
}

/** The code as a PNG data URL: the account page shows it as an <img>, the confirmation mail inlines it. */
export function ticketQrImage(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: "M", margin: 2, width: 280 });
}

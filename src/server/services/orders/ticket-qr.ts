/**
 * The ticket QR code of a paid order: JSON text `{"orderId":…,"kid":"…","sig":"…"}` where sig is the shop's
 * Ed25519 signature of the order id (src/shared/tickets/ticket-code.ts), so the staff scanner, online or not,
 * can tell a code the shop issued from a forged one. The storefront spec's scanner reads `orderId` from the same
 * JSON (section 3 "Scanned QR content").
 */
import QRCode from "qrcode";
import type { TicketKey } from "../../auth/ticket-key";
import { parseTicketCode } from "../../../shared/tickets/ticket-code";

export function ticketQrText(key: TicketKey, orderId: number): string {
  return JSON.stringify({ orderId, kid: key.publicJwk.kid, sig: key.sign(orderId) });
}

/**
 * For the scanner: the order id of a scanned text when it is a code this shop signed, else null (unreadable,
 * no orderId, another key, or a signature that does not match).
 */
export function readTicketQr(key: TicketKey, text: string): number | null {
  const code = parseTicketCode(text);
  if (!code || code.kid !== key.publicJwk.kid) return null;
  return key.verify(code.orderId, code.sig) ? code.orderId : null;
}

/** The code as a PNG data URL: the account page shows it as an <img>, the confirmation mail inlines it. */
export function ticketQrImage(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: "M", margin: 2, width: 280 });
}

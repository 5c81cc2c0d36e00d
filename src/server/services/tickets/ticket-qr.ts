/**
 * The ticket QR codes of a paid order (src/shared/tickets/ticket-code.ts): the order's code
 * `{"orderId":…,"kid":"…","sig":"…"}` that lets the whole order in, and one code per passenger that names the
 * passenger, the event date, the day and the legs. Both carry the shop's Ed25519 signature, so the staff
 * scanner, online or not, can tell a code the shop issued from a forged one. Any scanner that only
 * knows the field `orderId` still reads it from the same JSON.
 */
import QRCode from "qrcode";
import type { TicketKey } from "../../auth/ticket-key";
import { parseTicketCode, passengerCodeFields, passengerTicketMessage, signedMessageOf, type PassengerTicket, type VerifiedTicket } from "../../../shared/tickets/ticket-code";

export function ticketQrText(key: TicketKey, orderId: number): string {
  return JSON.stringify({ orderId, kid: key.publicJwk.kid, sig: key.sign(orderId) });
}

/** One passenger's code: it lets in that passenger alone, on the legs and the date it names. */
export function passengerQrText(key: TicketKey, orderId: number, ticket: PassengerTicket): string {
  return JSON.stringify({ ...passengerCodeFields(orderId, ticket), kid: key.publicJwk.kid, sig: key.signMessage(passengerTicketMessage(orderId, ticket)) });
}

/**
 * For the scanner: what a scanned text lets in when it is a code this shop signed, else null (unreadable,
 * no orderId, another key, or a signature that does not match).
 */
export function readTicket(key: TicketKey, text: string): VerifiedTicket | null {
  const code = parseTicketCode(text);
  if (!code || code.kid !== key.publicJwk.kid) return null;
  return key.verifyMessage(signedMessageOf(code), code.sig) ? { orderId: code.orderId, passenger: code.passenger ?? null } : null;
}

/** The order id of a scanned text this shop signed (either kind of code), else null. */
export function readTicketQr(key: TicketKey, text: string): number | null {
  return readTicket(key, text)?.orderId ?? null;
}

/**
 * The code as a PNG data URL: the account page shows it as an <img>, the mails inline it. A quiet zone of 4
 * modules (the QR standard's) and error correction M: a passenger's code (about 175 characters, 53 modules)
 * printed 2 cm wide still has modules of a third of a millimetre.
 */
export function ticketQrImage(text: string): Promise<string> {
  // Grey, not RGBA: a black-and-white picture in a quarter of the bytes, half the base64 in every mail that carries it.
  return QRCode.toDataURL(text, { errorCorrectionLevel: "M", margin: 4, width: 280, rendererOpts: { colorType: 0 } } as QRCode.QRCodeToDataURLOptions);
}

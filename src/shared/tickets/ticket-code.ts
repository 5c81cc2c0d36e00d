/**
 * The ticket QR code's text (storefront spec section 3 "Scanned QR content": JSON with orderId) and its check.
 * The shop signs `rodamos-ticket-v2:{orderId}` with an Ed25519 key; anyone holding the public key (the staff
 * scanner in the browser, offline at the van door) can tell a code the shop issued from a forged or altered one.
 * Browser and server share this module: WebCrypto only, no node:crypto.
 */

/** The signed fields of a ticket code: `kid` names the key (its JWK thumbprint), `sig` is base64url. */
export interface TicketCode {
  orderId: number;
  kid: string;
  sig: string;
}

/** The public half of the ticket key, as the shop serves it (GET /shop-api/staff/ticket-key). */
export interface TicketPublicJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
  kid: string;
}

/** The bytes the signature covers; the version prefix keeps it from meaning anything else the shop signs. */
export function ticketMessage(orderId: number): Uint8Array {
  return new TextEncoder().encode(`rodamos-ticket-v2:${orderId}`);
}

/** The order id of any scanned text that names one (spec: "scanned data without orderId" is refused), else null. */
export function scannedOrderId(text: string): number | null {
  const value = parseObject(text);
  const orderId = value?.orderId;
  return typeof orderId === "number" && Number.isSafeInteger(orderId) && orderId >= 1 ? orderId : null;
}

/** The code's fields when the text has the shape of a signed ticket, else null (nothing is verified here). */
export function parseTicketCode(text: string): TicketCode | null {
  const value = parseObject(text);
  const orderId = scannedOrderId(text);
  if (!value || orderId === null) return null;
  const { kid, sig } = value;
  if (typeof kid !== "string" || kid.length > 64 || typeof sig !== "string" || !/^[A-Za-z0-9_-]{86}$/.test(sig)) return null;
  return { orderId, kid, sig };
}

function parseObject(text: string): Record<string, unknown> | null {
  if (text.length > 2000) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Imports the public key once for many checks (WebCrypto Ed25519: Chromium 113+, Firefox 129+, Safari 17+, Node 22). */
export function importTicketKey(jwk: TicketPublicJwk): Promise<CryptoKey> {
  return crypto.subtle.importKey("jwk", { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: "Ed25519" }, false, ["verify"]);
}

/**
 * The order id of a scanned text when the shop signed it with this key, else null: unreadable, no orderId,
 * another key, or a signature that does not match the order id (an altered code).
 */
export async function verifyTicketCode(key: CryptoKey, kid: string, text: string): Promise<number | null> {
  const code = parseTicketCode(text);
  if (!code || code.kid !== kid) return null;
  const valid = await crypto.subtle.verify({ name: "Ed25519" }, key, fromBase64Url(code.sig), ticketMessage(code.orderId) as Uint8Array<ArrayBuffer>);
  return valid ? code.orderId : null;
}

/**
 * The ticket QR code's text (JSON naming the `orderId`, which any scanner can read) and its check.
 * Two kinds of code, both signed with the shop's Ed25519 key, so anyone holding the public key (the staff
 * scanner in the browser, offline at the van door) can tell a code the shop issued from a forged or altered one:
 * - the order's code `{"orderId","kid","sig"}`, signature of `rodamos-ticket-v2:{orderId}`: lets in every
 *   passenger of the order;
 * - a passenger's code `{"orderId","p","e","d","l","kid","sig"}`: the passenger id, the event date id (0 for a
 *   date-range event's chosen day), the ride's day (YYYY-MM-DD) and the legs it rides ("o" outbound, "r" return),
 *   signature of `rodamos-ticket-v3:{orderId}:{p}:{e}:{d}:{l}`. Short keys keep the QR code small enough to be
 *   read printed at 2 cm.
 * Browser and server share this module: WebCrypto only, no node:crypto.
 */
import { LEGS, type Leg } from "../domain/legs";

/** The signed fields of a ticket code: `kid` names the key (its JWK thumbprint), `sig` is base64url. */
export interface TicketCode {
  orderId: number;
  /** Present on a passenger's code. */
  passenger?: PassengerTicket;
  kid: string;
  sig: string;
}

/** What a passenger's code says beyond its order: who, which date, which legs. */
export interface PassengerTicket {
  passengerId: number;
  /** The event date the ticket is for; null for a date-range event's chosen day. */
  eventDateId: number | null;
  /** The ride's day, YYYY-MM-DD, in the event's own time zone. */
  day: string;
  legs: Leg[];
}

/** What a verified code lets in: the order, and the one passenger when it is a passenger's code. */
export interface VerifiedTicket {
  orderId: number;
  passenger: PassengerTicket | null;
}

const LEG_LETTER: Record<Leg, string> = { outbound: "o", return: "r" };

export function legLetters(legs: readonly Leg[]): string {
  return LEGS.filter((leg) => legs.includes(leg))
    .map((leg) => LEG_LETTER[leg])
    .join("");
}

/** The bytes a passenger's code signs. */
export function passengerTicketMessage(orderId: number, ticket: PassengerTicket): Uint8Array {
  return new TextEncoder().encode(`rodamos-ticket-v3:${orderId}:${ticket.passengerId}:${ticket.eventDateId ?? 0}:${ticket.day}:${legLetters(ticket.legs)}`);
}

/** The code's text without its signature fields: what the shop signs and prints. */
export function passengerCodeFields(orderId: number, ticket: PassengerTicket) {
  return { orderId, p: ticket.passengerId, e: ticket.eventDateId ?? 0, d: ticket.day, l: legLetters(ticket.legs) };
}

/** The message a code's signature covers. */
export function signedMessageOf(code: Pick<TicketCode, "orderId" | "passenger">): Uint8Array {
  return code.passenger ? passengerTicketMessage(code.orderId, code.passenger) : ticketMessage(code.orderId);
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

/** The order id of any scanned text that names one, else null (scanned data without an orderId is refused). */
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
  if (value.p === undefined) return { orderId, kid, sig };
  const passenger = passengerOf(value);
  return passenger ? { orderId, passenger, kid, sig } : null;
}

const positiveId = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 1;

function passengerOf(value: Record<string, unknown>): PassengerTicket | null {
  const { p, e, d, l } = value;
  if (!positiveId(p) || !(e === 0 || positiveId(e)) || typeof d !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(d)) return null;
  if (typeof l !== "string" || !/^(o|r|or)$/.test(l)) return null;
  const legs = LEGS.filter((leg) => l.includes(LEG_LETTER[leg]));
  return { passengerId: p, eventDateId: e === 0 ? null : e, day: d, legs };
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
 * What a scanned text lets in when the shop signed it with this key, else null: unreadable, no orderId,
 * another key, or a signature that does not match its fields (an altered code).
 */
export async function verifyTicket(key: CryptoKey, kid: string, text: string): Promise<VerifiedTicket | null> {
  const code = parseTicketCode(text);
  if (!code || code.kid !== kid) return null;
  const valid = await crypto.subtle.verify({ name: "Ed25519" }, key, fromBase64Url(code.sig), signedMessageOf(code) as Uint8Array<ArrayBuffer>);
  return valid ? { orderId: code.orderId, passenger: code.passenger ?? null } : null;
}

/** The order id of a scanned text the shop signed with this key (an order's or a passenger's code), else null. */
export async function verifyTicketCode(key: CryptoKey, kid: string, text: string): Promise<number | null> {
  return (await verifyTicket(key, kid, text))?.orderId ?? null;
}

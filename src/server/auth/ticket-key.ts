/**
 * The Ed25519 key that signs ticket QR codes: TICKET_SIGNING_KEY (PKCS8, as PEM or as the base64 of its DER)
 * when set, otherwise a key generated on first use and kept in DATA_DIR (as the session key is), so codes
 * already mailed stay valid across restarts. Its public half is served to the staff scanner, which checks codes
 * in the browser when the van door has no network.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import type { Env } from "../env";
import { ticketMessage, type TicketPublicJwk } from "../../shared/tickets/ticket-code";

/** The generated ticket key's file in DATA_DIR (a backup carries it: without it no mailed code verifies). */
export const KEY_FILE = "ticket-signing-key.pem";

export interface TicketKey {
  publicJwk: TicketPublicJwk;
  /** base64url Ed25519 signature of the ticket message of `orderId`. */
  sign(orderId: number): string;
  verify(orderId: number, signature: string): boolean;
  /** base64url Ed25519 signature of any ticket message (a passenger's code signs more than the order id). */
  signMessage(message: Uint8Array): string;
  verifyMessage(message: Uint8Array, signature: string): boolean;
}

export function loadTicketKey(env: Pick<Env, "TICKET_SIGNING_KEY" | "DATA_DIR">): TicketKey {
  return ticketKeyFrom(readPrivateKey(env));
}

export function ticketKeyFrom(privateKey: KeyObject): TicketKey {
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error("TICKET_SIGNING_KEY must be an Ed25519 private key (PKCS8)");
  const publicKey = createPublicKey(privateKey);
  const { x } = publicKey.export({ format: "jwk" }) as { x: string };
  // RFC 7638 thumbprint of the public key: codes name the key that signed them.
  const kid = createHash("sha256").update(JSON.stringify({ crv: "Ed25519", kty: "OKP", x })).digest("base64url").slice(0, 16);
  return {
    publicJwk: { kty: "OKP", crv: "Ed25519", x, kid },
    sign: (orderId) => sign(null, ticketMessage(orderId), privateKey).toString("base64url"),
    verify(orderId, signature) {
      if (!/^[A-Za-z0-9_-]{86}$/.test(signature)) return false;
      return verify(null, ticketMessage(orderId), publicKey, Buffer.from(signature, "base64url"));
    },
    signMessage: (message) => sign(null, message, privateKey).toString("base64url"),
    verifyMessage(message, signature) {
      if (!/^[A-Za-z0-9_-]{86}$/.test(signature)) return false;
      return verify(null, message, publicKey, Buffer.from(signature, "base64url"));
    },
  };
}

function readPrivateKey(env: Pick<Env, "TICKET_SIGNING_KEY" | "DATA_DIR">): KeyObject {
  if (env.TICKET_SIGNING_KEY) return parsePrivateKey(env.TICKET_SIGNING_KEY);
  const file = join(env.DATA_DIR, KEY_FILE);
  if (existsSync(file)) return parsePrivateKey(readFileSync(file, "utf8"));
  mkdirSync(env.DATA_DIR, { recursive: true });
  const { privateKey } = generateKeyPairSync("ed25519");
  // 0600: only the shop's own user may read the key.
  writeFileSync(file, privateKey.export({ format: "pem", type: "pkcs8" }), { mode: 0o600 });
  return privateKey;
}

function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  try {
    return trimmed.startsWith("-----")
      ? createPrivateKey({ key: trimmed, format: "pem" })
      : createPrivateKey({ key: Buffer.from(trimmed, "base64"), format: "der", type: "pkcs8" });
  } catch {
    throw new Error("TICKET_SIGNING_KEY is not a readable PKCS8 private key (PEM or base64 DER)");
  }
}

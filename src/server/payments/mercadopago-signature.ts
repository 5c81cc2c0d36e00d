/**
 * MercadoPago webhook origin check (Mercado Pago Developers, "Notificaciones / Webhooks", validate origin):
 * `x-signature: ts=…,v1=…` is an HMAC-SHA256 (hex) with the application's webhook secret over the manifest
 * `id:{data.id};request-id:{x-request-id};ts:{ts};`, where data.id comes from the query string (lower-cased when
 * alphanumeric) and a part whose value is missing is left out of the manifest.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface SignatureParts {
  ts: string;
  v1: string;
}

export function parseSignatureHeader(header: string | null | undefined): SignatureParts | null {
  if (!header) return null;
  let ts: string | undefined;
  let v1: string | undefined;
  for (const part of header.split(",")) {
    const [key, ...rest] = part.split("=");
    const value = rest.join("=").trim();
    if (key?.trim() === "ts") ts = value;
    else if (key?.trim() === "v1") v1 = value;
  }
  if (!ts || !v1 || !/^\d+$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return null;
  return { ts, v1 };
}

export function signatureManifest(dataId: string | undefined, requestId: string | undefined, ts: string): string {
  let manifest = "";
  if (dataId) manifest += `id:${dataId.toLowerCase()};`;
  if (requestId) manifest += `request-id:${requestId};`;
  return `${manifest}ts:${ts};`;
}

export function signManifest(secret: string, manifest: string): string {
  return createHmac("sha256", secret).update(manifest).digest("hex");
}

/** The header value the provider (here: the simulator) sends. */
export function signatureHeader(secret: string, dataId: string, requestId: string, ts: string): string {
  return `ts=${ts},v1=${signManifest(secret, signatureManifest(dataId, requestId, ts))}`;
}

/**
 * ts is documented as a timestamp; examples show seconds while some deliveries carry milliseconds, so values
 * past the year 33658 in seconds are read as milliseconds.
 */
export function signatureTimeMs(ts: string): number {
  const value = Number(ts);
  return value > 1e12 ? value : value * 1000;
}

export type SignatureVerdict = "valid" | "missing" | "malformed" | "mismatch" | "stale";

export function verifySignature(options: {
  secret: string;
  header: string | null | undefined;
  requestId: string | null | undefined;
  dataId: string | undefined;
  now: Date;
  toleranceSeconds: number;
}): SignatureVerdict {
  if (!options.header) return "missing";
  const parts = parseSignatureHeader(options.header);
  if (!parts) return "malformed";
  const expected = Buffer.from(
    signManifest(options.secret, signatureManifest(options.dataId, options.requestId ?? undefined, parts.ts)),
    "hex",
  );
  const given = Buffer.from(parts.v1.toLowerCase(), "hex");
  // Constant-time: the comparison must not tell a forger how many leading bytes were right.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "mismatch";
  // Checked after the HMAC so that the signed ts, not a forged one, decides freshness.
  if (Math.abs(options.now.getTime() - signatureTimeMs(parts.ts)) > options.toleranceSeconds * 1000) return "stale";
  return "valid";
}

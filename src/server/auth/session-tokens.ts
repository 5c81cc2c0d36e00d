/**
 * Session tokens: HS256 JWTs the browser keeps in localStorage.
 * `tv` is the user's token version when it was signed: log-out, a new password or a new email raise the stored
 * version (users.token_version), and the bearer check refuses every token signed before.
 */
import { SignJWT, jwtVerify } from "jose";

/** docs/decisions.md: a session lasts 7 days; the client drops it 5 s before it expires. */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = "rodamos-shop";
const AUDIENCE = "rodamos-customer";

/**
 * The secret as an HMAC key, imported once per secret: jose would import a raw secret again on every sign and
 * verify, which was a tenth of a purchase's CPU time.
 */
const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new Uint8Array(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

export interface SessionClaims {
  userId: number;
  role: string;
  /** users.token_version when signed. */
  tv: number;
  /** Seconds since the epoch. */
  exp: number;
}

export async function signSessionToken(
  secret: Uint8Array,
  subject: { userId: number; role: string; tokenVersion: number },
  now: Date,
  lifetimeSeconds = SESSION_LIFETIME_SECONDS,
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const exp = issuedAt + lifetimeSeconds;
  const token = await new SignJWT({ role: subject.role, tv: subject.tokenVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(subject.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(exp)
    .sign(await hmacKey(secret));
  return { token, expiresAt: new Date(exp * 1000) };
}

/**
 * Tokens already verified, by secret: a signed-in visitor sends the same token with every call, and its signature
 * cannot become valid or invalid later (only its time runs out, checked on every use; a token the user has ended
 * is refused by the bearer check's token version). Bounded: the oldest are dropped first.
 */
const verified = new WeakMap<Uint8Array, Map<string, SessionClaims>>();
const MAX_VERIFIED = 10_000;

/** The token's claims, or undefined when it is forged, malformed, for someone else or expired at `now`. */
export async function verifySessionToken(secret: Uint8Array, token: string, now: Date): Promise<SessionClaims | undefined> {
  let known = verified.get(secret);
  if (!known) verified.set(secret, (known = new Map()));
  const claims = known.get(token);
  if (claims) return claims.exp * 1000 > now.getTime() ? claims : undefined;
  const fresh = await verifyUncached(secret, token, now);
  if (fresh) {
    known.set(token, fresh);
    if (known.size > MAX_VERIFIED) known.delete(known.keys().next().value!);
  }
  return fresh;
}

async function verifyUncached(secret: Uint8Array, token: string, now: Date): Promise<SessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ["sub", "exp"],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0) return undefined;
    if (typeof payload.role !== "string" || !Number.isInteger(payload.tv)) return undefined;
    return { userId, role: payload.role, tv: payload.tv as number, exp: payload.exp! };
  } catch {
    return undefined;
  }
}

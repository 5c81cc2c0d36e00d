/**
 * Session tokens: HS256 JWTs the browser keeps in localStorage (spec: bearer token in local storage).
 * `pwv` is a short fingerprint of the password hash, so changing the password ends every older session.
 */
import { createHash } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";

/** docs/decisions.md: a session lasts 7 days; the client drops it 5 s before it expires. */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = "rodamos-shop";
const AUDIENCE = "rodamos-customer";

export interface SessionClaims {
  userId: number;
  role: string;
  pwv: string;
  /** Seconds since the epoch. */
  exp: number;
}

export function passwordFingerprint(passwordHash: string): string {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 12);
}

export async function signSessionToken(
  secret: Uint8Array,
  subject: { userId: number; role: string; passwordHash: string },
  now: Date,
  lifetimeSeconds = SESSION_LIFETIME_SECONDS,
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const exp = issuedAt + lifetimeSeconds;
  const token = await new SignJWT({ role: subject.role, pwv: passwordFingerprint(subject.passwordHash) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(subject.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(exp)
    .sign(secret);
  return { token, expiresAt: new Date(exp * 1000) };
}

/** The token's claims, or undefined when it is forged, malformed, for someone else or expired at `now`. */
export async function verifySessionToken(secret: Uint8Array, token: string, now: Date): Promise<SessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ["sub", "exp"],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0) return undefined;
    if (typeof payload.role !== "string" || typeof payload.pwv !== "string") return undefined;
    return { userId, role: payload.role, pwv: payload.pwv, exp: payload.exp! };
  } catch {
    return undefined;
  }
}

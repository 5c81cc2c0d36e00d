/**
 * The bearer check every account call goes through (all account calls carry a
 * bearer token). No token, a forged or expired one, one whose user is gone or that was ended since (log-out,
 * new password, new email: the user's token version moved on): 401. The caller's id is then the only id account services ever use to find rows.
 */
import type { Context, MiddlewareHandler } from "hono";
import { ShopError } from "../../shared/domain/shop-error";
import type { AppEnv } from "../http/context";
import { believedClientAddress, isTrustedProxy } from "../http/client-address";
import { peerOf } from "../http/local-only";
import { loadCaller, type Caller } from "./caller";
import { verifySessionToken, type SessionClaims } from "./session-tokens";

export type { Caller };

/** `caller` is optional in the type only so these routes can use the shared helpers typed for AppEnv. */
export interface AuthEnv extends AppEnv {
  Variables: AppEnv["Variables"] & { caller?: Caller; claims?: SessionClaims };
}

/** The signed-in caller of a route behind `requireCaller`. */
export function callerOf(c: Context<AuthEnv>): Caller {
  const caller = c.get("caller");
  if (!caller) throw new ShopError("unauthorized");
  return caller;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/** The verified token's claims, or `unauthorized`. */
async function claimsOf(c: Context<AuthEnv>): Promise<SessionClaims> {
  const deps = c.get("deps");
  const token = bearerToken(c.req.header("authorization"));
  if (!token) throw new ShopError("unauthorized");
  const claims = await verifySessionToken(deps.auth.secret, token, deps.now());
  if (!claims) throw new ShopError("unauthorized");
  return claims;
}

export const requireCaller: MiddlewareHandler<AuthEnv> = async (c, next) => {
  c.set("caller", await loadCaller(c.get("deps").db, await claimsOf(c)));
  await next();
};

/**
 * The token checked, its user not yet: for a call whose service reads the user's row within its own first
 * statement (the purchase) and checks it there with `callerFromRow`, saving a round trip.
 */
export const requireToken: MiddlewareHandler<AuthEnv> = async (c, next) => {
  c.set("claims", await claimsOf(c));
  await next();
};

/** The verified claims of a route behind `requireToken`. */
export function claimsFrom(c: Context<AuthEnv>): SessionClaims {
  const claims = c.get("claims");
  if (!claims) throw new ShopError("unauthorized");
  return claims;
}

/** Whether the socket's peer is a reverse proxy whose X-Forwarded-* headers are believed: loopback, or named in TRUST_PROXY. */
export function peerIsTrustedProxy(c: Context, trustProxy: string): boolean {
  return isTrustedProxy(peerOf(c), trustProxy);
}

/**
 * The caller's address for the attempt limits: the socket's peer, or, when that peer is a reverse proxy on
 * this machine or named in TRUST_PROXY, the address the proxy appended last to X-Forwarded-For (a direct caller cannot forge it,
 * since only loopback peers are believed). app.request() in tests passes the socket in `env.incoming`.
 */
export function clientIp(c: Context): string {
  const trusted = (c.get("deps") as { env?: { TRUST_PROXY?: string } } | undefined)?.env?.TRUST_PROXY ?? "";
  return believedClientAddress(c, trusted);
}

/**
 * The bearer check every account call goes through (all account calls carry a
 * bearer token). No token, a forged or expired one, one whose user is gone or that was ended since (log-out,
 * new password, new email: the user's token version moved on): 401. The caller's id is then the only id account services ever use to find rows.
 */
import { eq, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { ShopError } from "../../shared/domain/shop-error";
import type { AppEnv } from "../http/context";
import { verifySessionToken } from "./session-tokens";

export interface Caller {
  id: number;
  role: string;
  email: string;
  countryCode: string;
  localeCode: string;
  /** When the token ends (seconds since the epoch). */
  tokenExpiresAt: number;
  /** The version the token carries (the user's current one). */
  tokenVersion: number;
}

/** `caller` is optional in the type only so these routes can use the shared helpers typed for AppEnv. */
export interface AuthEnv extends AppEnv {
  Variables: AppEnv["Variables"] & { caller?: Caller };
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

/** The caller's row, as a prepared statement (every signed-in call runs it): parsed and planned once per connection. */
function buildCallerLookup(db: Db) {
  return db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      tokenVersion: users.tokenVersion,
      verifiedAt: users.verifiedAt,
      countryCode: users.countryCode,
      localeCode: users.localeCode,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("bearer_caller");
}

const callerLookups = new WeakMap<Db, ReturnType<typeof buildCallerLookup>>();

function callerLookup(db: Db) {
  let lookup = callerLookups.get(db);
  if (!lookup) callerLookups.set(db, (lookup = buildCallerLookup(db)));
  return lookup;
}

export const requireCaller: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const deps = c.get("deps");
  const token = bearerToken(c.req.header("authorization"));
  if (!token) throw new ShopError("unauthorized");
  const claims = await verifySessionToken(deps.auth.secret, token, deps.now());
  if (!claims) throw new ShopError("unauthorized");
  const [user] = await callerLookup(deps.db).execute({ id: claims.userId });
  if (!user || !user.verifiedAt || user.tokenVersion !== claims.tv) {
    throw new ShopError("unauthorized");
  }
  c.set("caller", {
    id: user.id,
    role: user.role,
    email: user.email,
    countryCode: user.countryCode,
    localeCode: user.localeCode,
    tokenExpiresAt: claims.exp,
    tokenVersion: user.tokenVersion,
  });
  await next();
};

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function isLoopback(address: string): boolean {
  return LOOPBACK.has(address) || /^127\.\d+\.\d+\.\d+$/.test(address) || /^::ffff:127\./.test(address);
}

/** The address of the socket's other end ("unknown" when there is no socket, as in app.request without bindings). */
export function peerOf(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

/** Whether the socket's peer is a reverse proxy whose X-Forwarded-* headers are believed: loopback, or named in TRUST_PROXY. */
export function peerIsTrustedProxy(c: Context, trustProxy: string): boolean {
  const peer = peerOf(c);
  return isLoopback(peer) || trustProxy.split(",").map((part) => part.trim()).filter(Boolean).includes(peer);
}

/**
 * The caller's address for the attempt limits: the socket's peer, or, when that peer is a reverse proxy on
 * this machine or named in TRUST_PROXY, the address the proxy appended last to X-Forwarded-For (a direct caller cannot forge it,
 * since only loopback peers are believed). app.request() in tests passes the socket in `env.incoming`.
 */
export function clientIp(c: Context): string {
  const peer = peerOf(c);
  const trusted = (c.get("deps") as { env?: { TRUST_PROXY?: string } } | undefined)?.env?.TRUST_PROXY ?? "";
  if (!peerIsTrustedProxy(c, trusted)) return peer;
  const forwarded = c.req.header("x-forwarded-for")?.split(",").map((part) => part.trim()).filter(Boolean);
  return forwarded?.at(-1) ?? peer;
}

/**
 * The demo's own tools (the mail drop, the payment simulators) answer this machine only: the peer of the socket
 * must be a loopback address and the request must not have come through a proxy (a proxy on this machine would
 * otherwise make every visitor look local). X-Forwarded-For is never believed here. In production they do not exist.
 */
import type { Context, MiddlewareHandler } from "hono";
import { shopMode } from "../env";
import { ApiError } from "./answer";
import type { AppEnv } from "./context";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function isLoopback(address: string): boolean {
  return LOOPBACK.has(address) || /^127\.\d+\.\d+\.\d+$/.test(address) || /^::ffff:127\./.test(address);
}

/** The address of the socket's other end ("unknown" when there is no socket, as in app.request without bindings). */
export function peerOf(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

export function isLocalRequest(c: Context): boolean {
  if (c.req.header("x-forwarded-for") || c.req.header("forwarded") || c.req.header("x-real-ip")) return false;
  return isLoopback(peerOf(c));
}

/** 404 (as if absent) in production and for any caller but this machine. */
export const demoToolsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (shopMode(c.get("deps").env) === "production" || !isLocalRequest(c)) throw new ApiError(404, "not_found");
  await next();
};

/**
 * Whether the per-address limits of sign-up and the public forms apply to this caller: always in production; in
 * demo mode not to this machine itself (the browser tests and the person trying the demo sign up many accounts
 * from it). Log-in and recovery limits apply to everyone.
 */
export function addressLimitsApply(c: Context): boolean {
  const deps = c.get("deps") as { env: Parameters<typeof shopMode>[0] } | undefined;
  return !deps || shopMode(deps.env) === "production" || !isLocalRequest(c);
}

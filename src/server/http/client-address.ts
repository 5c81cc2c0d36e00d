/**
 * The address the shop believes a request comes from: the socket's peer, or, when that peer is a reverse proxy
 * on this machine or named in TRUST_PROXY, the address the proxy appended last to X-Forwarded-For (a direct caller
 * cannot forge it, since only those peers are believed). The attempt limits and the per-client limits count by it.
 */
import type { Context } from "hono";
import { isLoopback, peerOf } from "./local-only";

/** Whether a socket peer is a reverse proxy whose X-Forwarded-* headers are believed: loopback, or named in TRUST_PROXY. */
export function isTrustedProxy(peer: string, trustProxy: string): boolean {
  return isLoopback(peer) || trustProxy.split(",").map((part) => part.trim()).filter(Boolean).includes(peer);
}

export function believedClientAddress(c: Context, trustProxy: string): string {
  const peer = peerOf(c);
  if (!isTrustedProxy(peer, trustProxy)) return peer;
  const forwarded = c.req.header("x-forwarded-for")?.split(",").map((part) => part.trim()).filter(Boolean);
  return forwarded?.at(-1) ?? peer;
}

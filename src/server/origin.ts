/**
 * The shop's own origins. Never the request's Host header, which a caller controls: a recovery mail or a
 * payment return URL must not point at someone else's site.
 */
import type { Env } from "./env";

const ANY_OR_LOOPBACK = ["0.0.0.0", "::", "", "127.0.0.1", "::1"];

/** An address as it goes in a URL: IPv6 in brackets. */
const urlHost = (host: string) => (host.includes(":") ? `[${host}]` : host);

/**
 * The origin browsers reach the shop at, without a trailing slash: PUBLIC_URL when set, else where the shop
 * listens. A loopback or any-address listener is named `localhost`, the name the start script prints:
 * localStorage (the session) is per origin, so a link to 127.0.0.1 would sign the person in on another "site".
 */
export function publicOrigin(env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, "");
  const host = ANY_OR_LOOPBACK.includes(env.HOST) ? "localhost" : urlHost(env.HOST);
  return `http://${host}:${env.PORT}`;
}

/**
 * The shop's own loopback origin for server-to-server calls to its simulators (a reverse proxy or a localhost
 * that resolves to ::1 would get in the way); the public origin when the port is not known yet (PORT=0).
 */
export function internalOrigin(env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">): string {
  if (env.PORT === 0) return publicOrigin(env);
  const host = ["0.0.0.0", "::", ""].includes(env.HOST) ? "127.0.0.1" : urlHost(env.HOST);
  return `http://${host}:${env.PORT}`;
}

/** Names that only ever reach this machine: the browser keeps a separate session on each of them. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origin a buyer's payment should come back to, from the Host their purchase arrived on. Outside
 * production a person may browse the shop on 127.0.0.1 while PUBLIC_URL says localhost: the session lives in
 * that origin's storage, so the return must land there too. Only a loopback name or the public host itself is
 * taken; any other Host (a caller controls it) gets the public origin. In production always the public origin
 * (pages on another host are sent to it: canonical-host.ts).
 */
export function buyerOrigin(env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT" | "NODE_ENV">, host: string | undefined): string {
  const canonical = publicOrigin(env);
  if (env.NODE_ENV === "production" || !host) return canonical;
  let asked: URL;
  try {
    asked = new URL(`http://${host}`);
  } catch {
    return canonical;
  }
  // Nothing but host[:port]: no credentials, path or query smuggled in the header.
  if (asked.host !== host.toLowerCase() || asked.pathname !== "/" || asked.search || asked.username) return canonical;
  const publicUrl = new URL(canonical);
  if (asked.host === publicUrl.host) return canonical;
  if (LOOPBACK_NAMES.includes(asked.hostname) || asked.hostname.endsWith(".localhost")) return `http://${asked.host}`;
  return canonical;
}

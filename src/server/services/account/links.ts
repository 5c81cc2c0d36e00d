/**
 * The origin put in mailed links: PUBLIC_URL, else the address the shop listens on. Never the request's
 * Host header, which a caller controls: a recovery mail must not point at someone else's site.
 */
import type { Env } from "../../env";

export function publicOrigin(env: Env): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/$/, "");
  // The same name the start script prints: localStorage (the session) is per origin, so a link to
  // 127.0.0.1 would log the person in on a different "site" than the tab they opened at localhost.
  const host = ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(env.HOST) ? "localhost" : env.HOST;
  return `http://${host}:${env.PORT}`;
}

/**
 * The origin put in mailed links: PUBLIC_URL, else the address the shop listens on. Never the request's
 * Host header, which a caller controls: a recovery mail must not point at someone else's site.
 */
import type { Env } from "../../env";

export function publicOrigin(env: Env): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/$/, "");
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  return `http://${host}:${env.PORT}`;
}

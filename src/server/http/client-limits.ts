/**
 * What one client may hold of a shop process at once, counted by the address the shop believes
 * (http/client-address.ts, through TRUST_PROXY): requests being worked on (CLIENT_MAX_REQUESTS) and open event
 * streams (CLIENT_MAX_STREAMS: the passengers' tracking and the dispatcher's live stream). Past either the request
 * is answered at once with 429 (`too_many_requests`, `too_many_streams`) and a Retry-After, so one client opening
 * thousands of streams or slow requests takes only its own share of the process, not everyone's.
 *
 * Requests from this machine itself (a loopback address with no forwarded one: the shop's own page builds, local
 * tools, a proxy on this machine that names no client) are not counted: limiting them would limit every visitor.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../env";
import { ApiError, fail } from "./answer";
import { believedClientAddress } from "./client-address";
import type { AppEnv } from "./context";
import { isLoopback } from "./local-only";

/** What a refused client is told to wait before trying again, in seconds. */
export const CLIENT_RETRY_SECONDS = 1;

/** The client a request is counted against, or null for this machine's own. */
function countedClient(c: Context, env: Pick<Env, "TRUST_PROXY">): string | null {
  const address = believedClientAddress(c, env.TRUST_PROXY);
  return isLoopback(address) ? null : address;
}

/** A count per client that forgets a client as soon as it holds nothing. */
class Holdings {
  private readonly held = new Map<string, number>();

  /** Takes one for the client, or false when it already holds `limit`. */
  take(client: string, limit: number): boolean {
    const count = this.held.get(client) ?? 0;
    if (count >= limit) return false;
    this.held.set(client, count + 1);
    return true;
  }

  give(client: string) {
    const count = (this.held.get(client) ?? 1) - 1;
    if (count <= 0) this.held.delete(client);
    else this.held.set(client, count);
  }

  of(client: string): number {
    return this.held.get(client) ?? 0;
  }
}

function refuse(c: Context<AppEnv>, code: "too_many_requests" | "too_many_streams", max: number) {
  c.header("Retry-After", String(CLIENT_RETRY_SECONDS));
  c.header("Cache-Control", "no-store");
  return fail(c, new ApiError(429, code, undefined, { max }));
}

/**
 * At most CLIENT_MAX_REQUESTS requests of one client worked on at once in this process; the next is refused until
 * one ends. A request ends for this count when its answer is handed over (an event stream's at once: streams are
 * counted apart).
 */
export function clientRequestLimit(env: Pick<Env, "TRUST_PROXY" | "CLIENT_MAX_REQUESTS">): MiddlewareHandler<AppEnv> {
  const working = new Holdings();
  return async (c, next) => {
    const client = countedClient(c, env);
    if (client === null) return next();
    if (!working.take(client, env.CLIENT_MAX_REQUESTS)) return refuse(c, "too_many_requests", env.CLIENT_MAX_REQUESTS);
    try {
      await next();
    } finally {
      working.give(client);
    }
  };
}

/** Open event streams per client, in this process. */
const streams = new Holdings();

/**
 * Counts an event stream against its client: the function that gives it back when the stream ends, or, past
 * CLIENT_MAX_STREAMS, the 429 answer to send instead of the stream.
 */
export function openStreamFor(c: Context<AppEnv>): { release: () => void } | { refusal: Response } {
  const env = c.get("deps").env;
  const client = countedClient(c, env);
  if (client === null) return { release: () => undefined };
  if (!streams.take(client, env.CLIENT_MAX_STREAMS)) return { refusal: refuse(c, "too_many_streams", env.CLIENT_MAX_STREAMS) };
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      streams.give(client);
    },
  };
}

/** Streams the client holds open now (tests). */
export function openStreamsOf(client: string): number {
  return streams.of(client);
}

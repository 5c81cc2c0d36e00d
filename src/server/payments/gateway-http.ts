/**
 * JSON calls to a payment provider with a time limit. A provider that cannot be reached, answers 5xx or answers
 * something unreadable becomes `payment_gateway_unavailable` (502); the caller decides what a 4xx means.
 *
 * They go out through Node's own http/https client on kept-alive connections (`nodeTransport`), not `fetch`:
 * every card purchase makes one such call, and fetch's request and stream machinery cost the shop more CPU than
 * the rest of the purchase (a third of the shop's time in `bench:purchase`). Tests may hand in a fetch instead.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { ShopError } from "../../shared/domain/shop-error";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** One HTTP exchange with a provider: the request as text, the answer's status and text. */
export type GatewayTransport = (url: string, request: { method: string; headers: Record<string, string>; body?: string }) => Promise<{ status: number; text: string }>;

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/** Calls through Node's http/https client, connections kept alive per provider, within GATEWAY_TIMEOUT_MS. */
export const nodeTransport: GatewayTransport = (url, request) => {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const headers = request.body === undefined ? request.headers : { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) };
  const attempt = (retry: boolean): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const outgoing: ClientRequest = (secure ? httpsRequest : httpRequest)(
        target,
        { method: request.method, headers, agent: secure ? agents.https : agents.http },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            clearTimeout(timer);
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") });
          });
          response.on("error", reject);
        },
      );
      const timer = setTimeout(() => outgoing.destroy(new Error(`no answer within ${GATEWAY_TIMEOUT_MS} ms`)), GATEWAY_TIMEOUT_MS);
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        // A kept-alive connection the provider closed just as it was reused: the request never reached it (the
        // race Node's documentation describes), so it is sent once more on a new connection.
        if (retry && outgoing.reusedSocket && error.code === "ECONNRESET") resolve(attempt(false));
        else reject(error);
      });
      outgoing.end(request.body);
    });
  return attempt(true);
};

/** A fetch (a test's `app.request`) as a transport. */
export function fetchTransport(fetchImpl: FetchLike): GatewayTransport {
  return async (url, request) => {
    const response = await fetchImpl(url, { method: request.method, headers: request.headers, body: request.body, signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS) });
    return { status: response.status, text: await response.text() };
  };
}

/** The browser gives up on a call after 15 s (REQUEST_TIMEOUT_MS in src/client/api.ts): a provider call must answer well inside it. */
export const GATEWAY_TIMEOUT_MS = 10_000;

export interface GatewayAnswer {
  status: number;
  body: unknown;
}

export async function callGateway(
  transport: GatewayTransport,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
): Promise<GatewayAnswer> {
  let response: { status: number; text: string };
  try {
    response = await transport(url, {
      method: init.method,
      headers: { accept: "application/json", ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (error) {
    console.error(`payment gateway unreachable: ${init.method} ${url}`, error);
    throw new ShopError("payment_gateway_unavailable");
  }
  const text = response.text;
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (response.status >= 500) {
    console.error(`payment gateway failed: ${init.method} ${url} -> ${response.status}`, body);
    throw new ShopError("payment_gateway_unavailable");
  }
  return { status: response.status, body };
}

/** A provider answered 4xx where it should have answered 2xx: our request or credentials are wrong. */
export function gatewayRefused(what: string, answer: GatewayAnswer): never {
  console.error(`payment gateway refused ${what}: ${answer.status}`, answer.body);
  throw new ShopError("payment_gateway_refused");
}

/** The provider answered 2xx with a body we cannot read. */
export function gatewayUnreadable(what: string, body: unknown): never {
  console.error(`payment gateway answered an unreadable ${what}`, body);
  throw new ShopError("payment_gateway_unavailable");
}

/**
 * JSON calls to a payment provider with a time limit. A provider that cannot be reached, answers 5xx or answers
 * something unreadable becomes `payment_gateway_unavailable` (502); the caller decides what a 4xx means.
 */
import { ShopError } from "../../shared/domain/shop-error";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The browser gives up on a call after 15 s (REQUEST_TIMEOUT_MS in src/client/api.ts): a provider call must answer well inside it. */
export const GATEWAY_TIMEOUT_MS = 10_000;

export interface GatewayAnswer {
  status: number;
  body: unknown;
}

export async function callGateway(
  fetchImpl: FetchLike,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
): Promise<GatewayAnswer> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: init.method,
      headers: { accept: "application/json", ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
  } catch (error) {
    console.error(`payment gateway unreachable: ${init.method} ${url}`, error);
    throw new ShopError("payment_gateway_unavailable");
  }
  const text = await response.text();
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

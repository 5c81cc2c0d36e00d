/**
 * The browser's one API client: same-origin base, bearer token and language from the providers the stores register
 * (`provideApiContext` in api-context.ts: stores/session.ts, stores/locale.ts; the client imports no store), 15 s time-out
 * (a call that takes longer fails rather than leaving the person waiting) and the `{ success, data }` envelope unwrapped. A call names its route as the contract does
 * ("GET /api/events/:ref", src/shared/api/contract/index.ts), so its answer type is the one the server is held to;
 * the contract is read as types only and adds nothing to the bundle. A refusal throws `ApiFailure` carrying
 * the server's stable code and its already translated message.
 */
import type { AnswerOf, BodyOf, JsonRouteKey } from "../shared/api/contract";
import type { ApiAnswer } from "../shared/schemas/answers/envelope";
import { apiContext } from "./api-context";

export const REQUEST_TIMEOUT_MS = 15_000;

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /**
     * A "come back in a moment": seconds to wait and purchases ahead (503 `purchase_queue_full`), or the database out
     * of reach for a moment (503 `database_unavailable`, `reason: "database"`, nothing written, no one ahead).
     */
    readonly queue?: { retryAfter: number; position: number; reason?: "database" },
  ) {
    super(message);
  }
}

/** The queue figures of a refusal that carries them; the database's wait comes in the Retry-After header alone. */
function queueOf(answer: object, retryAfterHeader: string | null): ApiFailure["queue"] {
  const { retryAfter, position, code } = answer as { retryAfter?: unknown; position?: unknown; code?: unknown };
  if (code === "database_unavailable") return { retryAfter: Math.max(1, Number(retryAfterHeader) || 2), position: 0, reason: "database" };
  return typeof retryAfter === "number" && typeof position === "number" ? { retryAfter, position } : undefined;
}

/** The request's headers: the caller's own, then the session's bearer token (unless given) and the page's language. */
function headersOf(extra: Record<string, string> | undefined, json: boolean): Headers {
  const headers = new Headers(extra);
  const token = apiContext.token();
  if (token && !headers.has("authorization")) headers.set("authorization", `Bearer ${token}`);
  headers.set("x-locale", apiContext.locale());
  headers.set("accept", "application/json");
  if (json) headers.set("content-type", "application/json");
  return headers;
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;

interface CommonOptions<K extends JsonRouteKey> {
  /** Query parameters, or a query string as it stands (e.g. the page's own `location.search`). */
  query?: string | Record<string, string | number | undefined>;
  body?: BodyOf<K>;
  headers?: Record<string, string>;
}
export type CallOptions<K extends JsonRouteKey> = CommonOptions<K> &
  ([ParamNames<PathOf<K>>] extends [never] ? { params?: never } : { params: Record<ParamNames<PathOf<K>>, string | number> });
type CallArgs<K extends JsonRouteKey> = [ParamNames<PathOf<K>>] extends [never] ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/** "PUT /shop-api/frequent-addresses/:id" + { id: 4 } -> PUT /shop-api/frequent-addresses/4 */
function requestOf(route: string, options: { params?: Record<string, string | number>; query?: CommonOptions<JsonRouteKey>["query"] }) {
  const space = route.indexOf(" ");
  const path = route.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(options.params?.[name] ?? "")));
  let search = "";
  if (typeof options.query === "string") search = options.query && !options.query.startsWith("?") ? `?${options.query}` : options.query;
  else if (options.query) {
    const entries = Object.entries(options.query).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
    if (entries.length) search = `?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))}`;
  }
  return { method: route.slice(0, space), url: `${path}${search}` };
}

export async function api<K extends JsonRouteKey>(route: K, ...[options]: CallArgs<K>): Promise<AnswerOf<K>> {
  const { method, url } = requestOf(route, options ?? {});
  let answer: ApiAnswer<AnswerOf<K>> | undefined;
  let status = 0;
  let retryAfter: string | null = null;
  try {
    const body = options?.body;
    const response = await fetch(url, {
      method,
      headers: headersOf(options?.headers, body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = response.status;
    retryAfter = response.headers.get("retry-after");
    // Not JSON (a proxy's error page): left undefined, answered as unexpected below.
    answer = await response.json().catch(() => undefined);
  } catch (error) {
    throw new ApiFailure(0, "network_error", error instanceof Error ? error.message : String(error));
  }
  if (answer && typeof answer === "object" && answer.success === true) return answer.data;
  if (answer && typeof answer === "object" && answer.success === false) {
    throw new ApiFailure(status, answer.code, answer.message, answer.fields, queueOf(answer, retryAfter));
  }
  throw new ApiFailure(status, "unexpected_answer", `HTTP ${status}`);
}

/**
 * A file upload (multipart/form-data, the file in the field `file`) to a contract route that answers JSON:
 * same token, language, time-out and envelope as `api`.
 */
export async function uploadFile<K extends JsonRouteKey>(route: K, params: Record<string, string | number>, file: File): Promise<AnswerOf<K>> {
  const { method, url } = requestOf(route, { params });
  const form = new FormData();
  form.set("file", file);
  let answer: ApiAnswer<AnswerOf<K>> | undefined;
  let status = 0;
  try {
    const response = await fetch(url, { method, headers: headersOf(undefined, false), body: form, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 4) });
    status = response.status;
    answer = await response.json().catch(() => undefined);
  } catch (error) {
    throw new ApiFailure(0, "network_error", error instanceof Error ? error.message : String(error));
  }
  if (answer && typeof answer === "object" && answer.success === true) return answer.data;
  if (answer && typeof answer === "object" && answer.success === false) throw new ApiFailure(status, answer.code, answer.message, answer.fields);
  throw new ApiFailure(status, "unexpected_answer", `HTTP ${status}`);
}

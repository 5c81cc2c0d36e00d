/**
 * The browser's one API client: same-origin base, bearer token from the session store, 15 s time-out
 * (spec section 9) and the `{ success, data }` envelope unwrapped. A refusal throws `ApiFailure` carrying
 * the server's stable code and its already translated message.
 */
import { ofetch, type FetchOptions } from "ofetch";
import type { ApiAnswer } from "../shared/types/catalog";
import { $locale } from "../stores/locale";
import { getValidToken } from "../stores/session";

export const REQUEST_TIMEOUT_MS = 15_000;

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const raw = ofetch.create({
  timeout: REQUEST_TIMEOUT_MS,
  ignoreResponseError: true,
  onRequest({ options }) {
    const headers = new Headers(options.headers);
    const token = getValidToken();
    if (token && !headers.has("authorization")) headers.set("authorization", `Bearer ${token}`);
    headers.set("x-locale", $locale.get());
    options.headers = headers;
  },
});

export async function api<T>(path: string, options: FetchOptions<"json"> = {}): Promise<T> {
  let answer: ApiAnswer<T> | undefined;
  let status = 0;
  try {
    const response = await raw.raw<ApiAnswer<T>>(path, options);
    status = response.status;
    answer = response._data;
  } catch (error) {
    throw new ApiFailure(0, "network_error", error instanceof Error ? error.message : String(error));
  }
  if (answer && typeof answer === "object" && answer.success === true) return answer.data;
  if (answer && typeof answer === "object" && answer.success === false) {
    throw new ApiFailure(status, answer.code, answer.message, answer.fields);
  }
  throw new ApiFailure(status, "unexpected_answer", `HTTP ${status}`);
}

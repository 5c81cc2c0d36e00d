/**
 * The id of the request being served, held for everything that runs on its behalf. The request log sets it
 * (http/request-log.ts); a service or the outbox reads it to tie what it writes to the request. It lives outside
 * the HTTP layer so those readers know nothing of HTTP.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const requestIds = new AsyncLocalStorage<string>();

/** The id of the request being served (undefined outside one: the outbox worker, a script). */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** Runs `work` as serving the request `id`. */
export function runAsRequest<T>(id: string, work: () => T): T {
  return requestIds.run(id, work);
}

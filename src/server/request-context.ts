/**
 * The request being served, held for everything that runs on its behalf: its id, and whether something it wrote
 * has been committed. The request log sets it (http/request-log.ts); a service or the outbox reads the id to tie
 * what it writes to the request; the database layer notes each commit, so that a request whose later statement
 * meets the database gone is answered "your change may have been saved" rather than "nothing changed". It lives
 * outside the HTTP layer so those readers know nothing of HTTP.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface Served {
  id: string;
  committed: boolean;
}

const requests = new AsyncLocalStorage<Served>();

/** The id of the request being served (undefined outside one: the outbox worker, a script). */
export function currentRequestId(): string | undefined {
  return requests.getStore()?.id;
}

/** Runs `work` as serving the request `id`. */
export function runAsRequest<T>(id: string, work: () => T): T {
  return requests.run({ id, committed: false }, work);
}

/** Notes that a write of the request being served has been committed (a COMMIT, or a write outside a transaction). */
export function noteCommit(): void {
  const served = requests.getStore();
  if (served) served.committed = true;
}

/** Whether the request being served has had a write committed. */
export function committedInRequest(): boolean {
  return requests.getStore()?.committed === true;
}

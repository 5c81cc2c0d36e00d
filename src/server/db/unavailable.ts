/**
 * Whether an error means the database could not be reached (refused or lost connection, a server shutting down or
 * starting up), as opposed to a statement it refused. Such a request did nothing (a transaction that lost its
 * connection is rolled back by the server), so the HTTP layer answers it 503 `database_unavailable` with
 * Retry-After: a wait, not an error, and the same request may be sent again.
 */

/** Socket errors of Node, and connection errors of postgres.js (the scripts' admin client). */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

/**
 * node-postgres's own errors of a lost or unmade connection, which carry no code: the server closed the socket, a
 * connect or an answer took past its timeout, no pooled connection came free in time, the connection was already
 * broken when a statement was given to it.
 */
const DRIVER_MESSAGES = /^(Connection terminated|timeout expired|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/**
 * SQLSTATEs of a server that is gone or not taking work: class 08 (connection exception), 57P01 admin shutdown,
 * 57P02 crash shutdown, 57P03 cannot connect now (starting up or shutting down), and 57014 a statement cancelled
 * (past the statement timeout: a server too slow to answer is as good as away, and the cancelled statement's
 * transaction is rolled back).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "57014";
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  // The driver's error may be wrapped (Drizzle's query error keeps it as `cause`) or grouped (Node's AggregateError
  // of every address a connect tried); a few levels cover both.
  while (pending.length > 0 && seen.size < 12) {
    const current = pending.shift();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)))) return true;
    if (code === undefined && typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
    pending.push((current as { cause?: unknown }).cause);
    const grouped = (current as { errors?: unknown }).errors;
    if (Array.isArray(grouped)) pending.push(...grouped);
  }
  return false;
}

/**
 * Whether `error` is of a statement that may have been committed although its connection was lost before the
 * answer: a COMMIT, or a write outside a transaction, sent and never answered (src/server/db/pg-driver.ts marks
 * them `mayHaveCommitted`). Such a request may have changed something: it is not "nothing changed".
 */
export function mayHaveCommitted(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    if ((current as { mayHaveCommitted?: unknown }).mayHaveCommitted === true) return true;
  }
  return false;
}

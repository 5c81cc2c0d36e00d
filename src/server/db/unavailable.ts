/**
 * Whether an error means the database could not be reached (refused or lost connection, a server shutting down or
 * starting up), as opposed to a statement it refused. Such a request did nothing (a transaction that lost its
 * connection is rolled back by the server), so the HTTP layer answers it 503 `database_unavailable` with
 * Retry-After: a wait, not an error, and the same request may be sent again.
 */

/** Socket errors of Node and postgres.js's own connection errors. */
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
 * SQLSTATEs of a server that is gone or not taking work: class 08 (connection exception), 57P01 admin shutdown,
 * 57P02 crash shutdown, 57P03 cannot connect now (starting up or shutting down).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03";
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
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)))) return true;
    pending.push((current as { cause?: unknown }).cause);
    const grouped = (current as { errors?: unknown }).errors;
    if (Array.isArray(grouped)) pending.push(...grouped);
  }
  return false;
}

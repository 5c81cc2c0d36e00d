/**
 * DATABASE_URL as libpq reads it, for the postgres.js client: `?host=/var/run/postgresql` names the folder of the
 * server's Unix socket (`postgres://user@localhost/db?host=/var/run/postgresql`, or with no host at all). A shop on
 * the same machine as PostgreSQL spends less CPU per statement over the socket than over loopback TCP, on both
 * sides. postgres.js would send an unknown query parameter to the server as a setting, so the folder is taken out
 * of the URL and given as the client's `host` option; pg_dump and pg_restore read the same URL themselves.
 */
export interface PostgresTarget {
  url: string;
  /** Options to spread into postgres(url, options): the socket folder, when the URL names one. */
  options: { host?: string };
}

export function postgresTarget(url: string): PostgresTarget {
  const query = url.indexOf("?");
  if (query < 0) return { url, options: {} };
  const params = new URLSearchParams(url.slice(query + 1));
  const host = params.get("host");
  if (!host?.startsWith("/")) return { url, options: {} };
  params.delete("host");
  const rest = params.toString();
  return { url: url.slice(0, query) + (rest ? `?${rest}` : ""), options: { host } };
}

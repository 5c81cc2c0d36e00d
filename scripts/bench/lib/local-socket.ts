/**
 * A benchmark's PostgreSQL on this machine is reached over its Unix socket, as a shop deployed beside its database
 * would be (`?host=` in DATABASE_URL, src/server/db/postgres-url.ts): loopback TCP costs both the shop and the
 * server more CPU per statement. The shop, pgbench's ceiling and the bench's own checks then use the same way in.
 * BENCH_PG_TCP=1 keeps TCP (to compare); a URL that names a socket folder or another host is left as it is.
 */
import { existsSync } from "node:fs";

const SOCKET_FOLDERS = ["/var/run/postgresql", "/run/postgresql", "/tmp"];
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function viaLocalSocket(url: string): { url: string; transport: string } {
  const parsed = new URL(url);
  if (process.env.BENCH_PG_TCP === "1" || parsed.searchParams.has("host") || !LOCAL_HOSTS.has(parsed.hostname)) {
    return { url, transport: parsed.searchParams.get("host") ? `Unix socket in ${parsed.searchParams.get("host")}` : `TCP to ${parsed.host}` };
  }
  const port = parsed.port || "5432";
  const folder = SOCKET_FOLDERS.find((candidate) => existsSync(`${candidate}/.s.PGSQL.${port}`));
  if (!folder) return { url, transport: `TCP to ${parsed.host} (no local socket found)` };
  parsed.searchParams.set("host", folder);
  return { url: parsed.toString(), transport: `Unix socket in ${folder}` };
}

/**
 * A new, empty database on the PostgreSQL server of `serverUrl`, for a test or a benchmark that must not touch
 * anybody else's data, and the way to drop it again (with the connections still open to it). Its URL is the
 * server's with the database name replaced, so a socket folder (`?host=/…`) or other parameter carries over.
 */
import { randomBytes } from "node:crypto";
import { postgresTarget } from "../../src/server/db/postgres-url";

export interface ThrowAwayDatabase {
  name: string;
  url: string;
  /** Ends every session open on it (what a killed or careless user of it left behind). */
  endSessions(): Promise<void>;
  drop(): Promise<void>;
}

export async function throwAwayDatabase(serverUrl: string, prefix: string): Promise<ThrowAwayDatabase> {
  const { default: postgres } = await import("postgres");
  const target = postgresTarget(serverUrl);
  const admin = postgres(target.url, { ...target.options, max: 1, onnotice: () => {} });
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async endSessions() {
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
    },
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * Vitest's global set-up: when the run ends, the PostgreSQL databases its test processes kept (test-database.ts)
 * are dropped. They are named after this process, the test processes' parent, so a run drops only its own.
 */
import { postgresTarget } from "../../src/server/db/postgres-url";
import { runDatabasePrefix } from "./test-database";

export default function setup() {
  return async function teardown() {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) return;
    const { default: postgres } = await import("postgres");
    const target = postgresTarget(serverUrl);
    const admin = postgres(target.url, { ...target.options, max: 1, onnotice: () => {} });
    try {
      const pattern = `${runDatabasePrefix(process.pid)}\\_%`;
      const names = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${pattern}`;
      for (const { datname } of names) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end({ timeout: 5 });
    }
  };
}

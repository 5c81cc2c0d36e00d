/**
 * One publisher per copy of the static pages, however many processes serve it. The embedded database belongs to one process,
 * so there the lease is simply held. On PostgreSQL the processes that share a DIST_DIR (the workers of one host)
 * elect one through a session advisory lock named after that copy; it hears the other processes' changes through
 * the catalogue relay (src/server/change-feed/change-relay.ts), which re-announces them in every process. Hosts with DIST_DIRs
 * of their own (no shared disk) hold one lease each, so every host builds its own copy on the same announcement
 * (docs/decisions.md "Several hosts, one site"). A publisher that dies drops its session and so its lock: the next
 * process of its copy that has something to publish takes it over.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { postgresTarget } from "../db/postgres-url";

/** First key of the publisher's pg_advisory_lock(int, int): a constant the shop alone uses ("ropb" in ASCII). */
export const PUBLISHER_LOCK_KEY = 0x726f7062;

export interface PublisherLease {
  /** Whether this process publishes now (takes the lock when it is free). */
  held(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The id of the copy of the pages in `distDir`, made once beside it: processes that see the same file share a disk
 * and so one copy. (A path alone would not do: two hosts may well use the same path.) The file keeps the name it had
 * when the pages were called the site, `{DIST_DIR}.site-id`: a new name would give a running copy a new id and lock.
 */
export function pagesCopyId(distDir: string): string {
  const file = `${resolve(distDir)}.site-id`;
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    try {
      // "wx": of two processes starting together, one writes the id and the other reads it.
      writeFileSync(file, randomUUID(), { flag: "wx" });
    } catch {
      // the other process wrote it first
    }
    return readFileSync(file, "utf8").trim();
  }
}

/** The second key of the lock: the copy's id folded into a signed 32-bit integer. */
export function copyLockKey(copyId: string): number {
  return createHash("sha256").update(copyId).digest().readInt32BE(0);
}

export async function publisherLease(databaseUrl: string | undefined, distDir = "./dist"): Promise<PublisherLease> {
  if (!databaseUrl) {
    return { held: async () => true, close: async () => {} };
  }
  const copy = copyLockKey(pagesCopyId(distDir));
  const { default: postgres } = await import("postgres");
  // Its own connection: the lock lives as long as this session, which the pool would not guarantee.
  const target = postgresTarget(databaseUrl);
  const session = postgres(target.url, { ...target.options, max: 1, onnotice: () => {} });
  return {
    async held() {
      // The two-key form shows in pg_locks as classid, objid and objsubid 2.
      const [mine] = await session<{ held: boolean }[]>`
        select exists (
          select 1 from pg_locks
          where locktype = 'advisory' and classid = ${PUBLISHER_LOCK_KEY}::int::oid and objid = ${copy}::int::oid and objsubid = 2
            and pid = pg_backend_pid() and granted
        ) as held`;
      if (mine?.held) return true;
      const [taken] = await session<{ taken: boolean }[]>`select pg_try_advisory_lock(${PUBLISHER_LOCK_KEY}::int, ${copy}::int) as taken`;
      return taken?.taken === true;
    },
    close: () => session.end({ timeout: 5 }),
  };
}

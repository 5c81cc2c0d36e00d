/**
 * One publisher however many processes serve. The embedded database belongs to one process, so there the lease is
 * simply held. On PostgreSQL the process holding a session advisory lock publishes; it hears the other processes'
 * changes through the catalogue relay (src/server/catalogue/relay.ts), which re-announces them in every process. A
 * publisher that dies drops its session and so its lock: the next process that has something to publish takes it over.
 */

/** pg_advisory_lock key of the publisher: a constant the shop alone uses ("ropb" in ASCII). */
export const PUBLISHER_LOCK_KEY = 0x726f7062;

export interface PublisherLease {
  /** Whether this process publishes now (takes the lock when it is free). */
  held(): Promise<boolean>;
  close(): Promise<void>;
}

export async function publisherLease(databaseUrl: string | undefined): Promise<PublisherLease> {
  if (!databaseUrl) {
    return { held: async () => true, close: async () => {} };
  }
  const { default: postgres } = await import("postgres");
  // Its own connection: the lock lives as long as this session, which the pool would not guarantee.
  const session = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  return {
    async held() {
      const [mine] = await session<{ held: boolean }[]>`
        select exists (
          select 1 from pg_locks
          where locktype = 'advisory' and classid = 0 and objid = ${PUBLISHER_LOCK_KEY} and objsubid = 1
            and pid = pg_backend_pid() and granted
        ) as held`;
      if (mine?.held) return true;
      const [taken] = await session<{ taken: boolean }[]>`select pg_try_advisory_lock(${PUBLISHER_LOCK_KEY}) as taken`;
      return taken?.taken === true;
    },
    close: () => session.end({ timeout: 5 }),
  };
}

/**
 * Several processes on one PostgreSQL: one publishes (the catalogue relay brings it the others' changes), and the
 * lease moves on when the publisher goes away. (On the embedded database there is one process, which always publishes.)
 */
import { describe, expect, it } from "vitest";
import { publisherLease } from "./publisher-lease";

const url = process.env.DATABASE_URL;

describe("the publisher lease", () => {
  it("is always held on the embedded database", async () => {
    const lease = await publisherLease(undefined);
    expect(await lease.held()).toBe(true);
    await lease.close();
  });

  it.skipIf(!url)("is held by one process at a time on PostgreSQL, and taken over when it leaves", async () => {
    const first = await publisherLease(url);
    const second = await publisherLease(url);
    try {
      expect(await first.held()).toBe(true);
      expect(await first.held()).toBe(true);
      expect(await second.held()).toBe(false);
      await first.close();
      expect(await second.held()).toBe(true);
    } finally {
      await second.close();
      await first.close().catch(() => {});
    }
  });
});

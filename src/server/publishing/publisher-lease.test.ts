/**
 * Several processes on one PostgreSQL: of those sharing a DIST_DIR one publishes (the catalogue relay brings it the
 * others' changes), and the lease moves on when the publisher goes away; processes with DIST_DIRs of their own (hosts
 * without a shared disk) publish each. (On the embedded database there is one process, which always publishes.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { publisherLease, pagesCopyId } from "./publisher-lease";

const folder = mkdtempSync(join(tmpdir(), "rodamos-lease-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const url = process.env.DATABASE_URL;

describe("the publisher lease", () => {
  it("is always held on the embedded database", async () => {
    const lease = await publisherLease(undefined);
    expect(await lease.held()).toBe(true);
    await lease.close();
  });

  it.skipIf(!url)("is held by one process at a time on PostgreSQL, and taken over when it leaves", async () => {
    const first = await publisherLease(url, join(folder, "dist"));
    const second = await publisherLease(url, join(folder, "dist"));
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

  it("names a copy of the pages once, for every process that sees its folder", () => {
    const id = pagesCopyId(join(folder, "named"));
    expect(pagesCopyId(join(folder, "named"))).toBe(id);
    expect(pagesCopyId(join(folder, "other"))).not.toBe(id);
  });

  it.skipIf(!url)("is held by one process of each copy of the pages: hosts with DIST_DIRs of their own publish each", async () => {
    const hostA = await publisherLease(url, join(folder, "host-a"));
    const hostB = await publisherLease(url, join(folder, "host-b"));
    try {
      expect(await hostA.held()).toBe(true);
      expect(await hostB.held()).toBe(true);
    } finally {
      await hostA.close();
      await hostB.close();
    }
  });
});

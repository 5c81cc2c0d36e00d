import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./client";
import { SEAT_STOCK_LOCK_KEY } from "./seat-stock-lock";

describe("the seat-stock lock's key", () => {
  it("is the one the purchase's seat counter takes in the database (its latest migration), or the two sides would not wait for each other", () => {
    const latest = readdirSync(migrationsFolder)
      .filter((name) => name.endsWith(".sql"))
      .sort()
      .map((name) => readFileSync(join(migrationsFolder, name), "utf8"))
      .filter((text) => text.includes("FUNCTION seat_counts_apply("))
      .at(-1);
    expect(latest).toContain(`pg_advisory_xact_lock_shared(${SEAT_STOCK_LOCK_KEY}, variant)`);
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./client";
import { SEAT_STOCK_LOCK_KEY } from "./seat-stock-lock";

describe("the seat-stock lock's key", () => {
  it("is the one the purchase's seat counter takes in the database (migration 0016), or the two sides would not wait for each other", () => {
    const counter = readFileSync(join(migrationsFolder, "0016_seat-stock-lock.sql"), "utf8");
    expect(counter).toContain(`pg_advisory_xact_lock_shared(${SEAT_STOCK_LOCK_KEY}, variant)`);
  });
});

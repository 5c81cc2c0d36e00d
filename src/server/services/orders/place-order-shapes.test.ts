/**
 * The order's statement has eight shapes (a discount's use, a mail, a hold cap: each in the text or not). Sales
 * exercise the ones the shop's purchases reach; this prepares every one of them on the test engine, so a shape no
 * test happens to sell (PostgreSQL types each parameter from the text alone) still parses, plans and numbers its
 * parameters as it names them.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../../../tests/helpers/test-database";
import { placeOrderStatements } from "./place-order";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("the order's statement", () => {
  it("has eight shapes, each naming each of its parameters once, in $1 … $n order", () => {
    expect(placeOrderStatements.size).toBe(8);
    for (const { text, names } of placeOrderStatements.values()) {
      expect(new Set(names).size).toBe(names.length);
      const used = new Set([...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
      expect([...used].toSorted((a, b) => a - b)).toEqual(names.map((_, index) => index + 1));
    }
  });

  it("prepares in every shape", async () => {
    for (const [shape, { text }] of placeOrderStatements) {
      await database.db.execute(sql.raw(`prepare place_order_${shape} as ${text}`));
      await database.db.execute(sql.raw(`deallocate place_order_${shape}`));
    }
  });
});

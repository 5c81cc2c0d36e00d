import { describe, expect, it } from "vitest";
import type { Db } from "./client";
import { statementBatches } from "./statement-batches";

const db = {} as Db;

describe("statement batches", () => {
  it("sends a lone write at once, and the writes that come while one is on its way together after it", async () => {
    const sent: number[][] = [];
    let release: () => void = () => {};
    const add = statementBatches<number>(async (_db, items) => {
      sent.push(items);
      if (sent.length === 1) await new Promise<void>((done) => (release = done));
    });
    const first = add(db, 1);
    const rest = [add(db, 2), add(db, 3), add(db, 4)];
    await Promise.resolve();
    expect(sent).toEqual([[1]]);
    release();
    await Promise.all([first, ...rest]);
    expect(sent).toEqual([[1], [2, 3, 4]]);
  });

  it("settles a caller only when its own statement is done, and gives that statement's error to each of its callers", async () => {
    const add = statementBatches<string>(async (_db, items) => {
      if (items.includes("bad")) throw new Error("refused");
    });
    const outcomes = await Promise.allSettled([add(db, "good"), add(db, "bad"), add(db, "other")]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    await expect(add(db, "later")).resolves.toBeUndefined();
  });

  it("keeps each database's writes apart and no statement longer than its limit", async () => {
    const sent: [Db, number[]][] = [];
    const other = {} as Db;
    const add = statementBatches<number>(async (target, items) => {
      sent.push([target, items]);
      await Promise.resolve();
    }, 2);
    await Promise.all([add(db, 1), add(other, 9), add(db, 2), add(db, 3), add(db, 4)]);
    expect(sent.filter(([target]) => target === other).map(([, items]) => items)).toEqual([[9]]);
    expect(sent.filter(([target]) => target === db).map(([, items]) => items)).toEqual([[1], [2, 3], [4]]);
  });
});

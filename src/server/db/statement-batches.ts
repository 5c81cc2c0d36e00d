/**
 * One statement for many callers: a write that each request makes on its own (the payment's start on its row) is
 * queued while the same write of other requests is on its way to the database, and the queue then goes as ONE
 * statement (one round trip, one commit) when that one is answered. An idle shop sends each at once, alone; under
 * load the writes ride together. Each caller's promise settles when the statement carrying its item has committed,
 * so nobody is answered before their write is durable; if that statement fails, every caller in it gets the error.
 */
import { noteCommit } from "../request-context";
import type { Db } from "./client";

interface Waiting<Item> {
  item: Item;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Lane<Item> {
  running: boolean;
  queue: Waiting<Item>[];
}

export type BatchRunner<Item> = (db: Db, items: Item[]) => Promise<unknown>;

/** The writes of `run`, batched per database: `add` resolves once the statement holding the item committed. */
export function statementBatches<Item>(run: BatchRunner<Item>, maxItems = 100): (db: Db, item: Item) => Promise<void> {
  const lanes = new WeakMap<Db, Lane<Item>>();

  const drain = async (db: Db, lane: Lane<Item>) => {
    lane.running = true;
    while (lane.queue.length > 0) {
      const batch = lane.queue.splice(0, maxItems);
      try {
        await run(
          db,
          batch.map((waiting) => waiting.item),
        );
        for (const waiting of batch) waiting.resolve();
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    lane.running = false;
  };

  return (db, item) =>
    new Promise<void>((resolve, reject) => {
      let lane = lanes.get(db);
      if (!lane) lanes.set(db, (lane = { running: false, queue: [] }));
      lane.queue.push({ item, resolve, reject });
      if (!lane.running) void drain(db, lane);
      // Noted in the caller's request (the statement ran in the first caller's): its write is committed.
    }).then(noteCommit);
}

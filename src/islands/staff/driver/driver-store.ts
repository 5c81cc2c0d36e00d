/**
 * What the driver's phone keeps for working without network (IndexedDB): the runs as last loaded (with what the
 * driver marked since), the actions not yet sent, each with its nonce, so sending them again applies them
 * once (POST /shop-api/driver/actions), and the van's positions not yet sent, each with its own time (the shop
 * stores one per run and instant, so a batch sent twice is stored once: POST /shop-api/driver/positions).
 */
import type { DriverRun } from "../../../shared/schemas/answers/dispatch";
import type { DriverActionInput } from "../../../shared/schemas/dispatch";
import type { VehiclePositionInput } from "../../../shared/schemas/vehicle-positions";
import { inStore } from "../offline-db";

const DB_NAME = "rodamos-driver";
const KEEP = "keep";
const PENDING = "pending";
const POSITIONS = "positions";

/** A position taken on a run, waiting to be sent. */
export interface QueuedPosition extends VehiclePositionInput {
  runId: number;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 2);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(KEEP)) db.createObjectStore(KEEP);
      if (!db.objectStoreNames.contains(PENDING)) db.createObjectStore(PENDING, { keyPath: "nonce" });
      if (!db.objectStoreNames.contains(POSITIONS)) db.createObjectStore(POSITIONS, { keyPath: ["runId", "at"] });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("indexedDB"));
  });
}

function run<T>(store: string, mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  return inStore(open, store, mode, act);
}

export const loadRuns = () => run<DriverRun[]>(KEEP, "readonly", (store) => store.get("runs") as IDBRequest<DriverRun[]>);
export const saveRuns = (runs: DriverRun[]) => run(KEEP, "readwrite", (store) => store.put(runs, "runs"));

export async function pendingActions(): Promise<DriverActionInput[]> {
  const all = await run<DriverActionInput[]>(PENDING, "readonly", (store) => store.getAll() as IDBRequest<DriverActionInput[]>);
  return (all ?? []).sort((a, b) => a.at.localeCompare(b.at));
}

export const addPending = (action: DriverActionInput) => run(PENDING, "readwrite", (store) => store.add(action));

export async function removePending(nonces: string[]): Promise<void> {
  await run(PENDING, "readwrite", (store) => {
    for (const nonce of nonces) store.delete(nonce);
    return undefined;
  });
}

export const addPosition = (position: QueuedPosition) => run(POSITIONS, "readwrite", (store) => store.put(position));

/** The positions still to send, oldest first. */
export async function queuedPositions(): Promise<QueuedPosition[]> {
  const all = await run<QueuedPosition[]>(POSITIONS, "readonly", (store) => store.getAll() as IDBRequest<QueuedPosition[]>);
  return (all ?? []).sort((a, b) => a.at.localeCompare(b.at));
}

export async function removePositions(sent: readonly QueuedPosition[]): Promise<void> {
  await run(POSITIONS, "readwrite", (store) => {
    for (const one of sent) store.delete([one.runId, one.at]);
    return undefined;
  });
}

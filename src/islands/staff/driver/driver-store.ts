/**
 * What the driver's phone keeps for working without network (IndexedDB): the runs as last loaded (with what the
 * driver marked since), and the actions not yet sent, each with its nonce, so sending them again applies them
 * once (POST /shop-api/driver/actions).
 */
import type { DriverRun } from "../../../shared/schemas/answers/dispatch";
import type { DriverActionInput } from "../../../shared/schemas/dispatch";
import { inStore } from "../offline-db";

const DB_NAME = "rodamos-driver";
const KEEP = "keep";
const PENDING = "pending";

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(KEEP);
      request.result.createObjectStore(PENDING, { keyPath: "nonce" });
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

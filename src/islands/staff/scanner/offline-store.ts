/**
 * What the van door keeps on the device for working without network (IndexedDB, one small database): the
 * public ticket key, the manifest of one event date, and the check-ins scanned offline, each with a nonce
 * so that sending them twice applies them once (POST /shop-api/staff/check-ins/sync).
 */
import type { CheckInManifest } from "../../../shared/schemas/answers/checkin";
import type { CheckInLeg } from "../../../shared/schemas/checkin";
import type { TicketPublicJwk } from "../../../shared/tickets/ticket-code";

const DB_NAME = "rodamos-door";
const KEEP = "keep";
const PENDING = "pending";

export interface PendingCheckIn {
  nonce: string;
  qr: string;
  leg: CheckInLeg;
  orderId: number;
  scannedAt: string;
}

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

async function run<T>(store: string, mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = db.transaction(store, mode);
      const request = act(transaction.objectStore(store));
      transaction.oncomplete = () => resolve(request?.result);
      transaction.onerror = () => reject(transaction.error ?? new Error("indexedDB"));
    });
  } finally {
    db.close();
  }
}

export const loadKey = () => run<TicketPublicJwk>(KEEP, "readonly", (store) => store.get("key") as IDBRequest<TicketPublicJwk>);
export const saveKey = (key: TicketPublicJwk) => run(KEEP, "readwrite", (store) => store.put(key, "key"));
export const loadManifest = () => run<CheckInManifest>(KEEP, "readonly", (store) => store.get("manifest") as IDBRequest<CheckInManifest>);
/** A manifest brings its key along: the door can check codes offline as soon as it has one. */
export const saveManifest = async (manifest: CheckInManifest) => {
  await run(KEEP, "readwrite", (store) => store.put(manifest, "manifest"));
  await saveKey(manifest.publicKey);
};

export async function pendingCheckIns(): Promise<PendingCheckIn[]> {
  const all = await run<PendingCheckIn[]>(PENDING, "readonly", (store) => store.getAll() as IDBRequest<PendingCheckIn[]>);
  return (all ?? []).sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

export const addPending = (scan: PendingCheckIn) => run(PENDING, "readwrite", (store) => store.add(scan));

export async function removePending(nonces: string[]): Promise<void> {
  await run(PENDING, "readwrite", (store) => {
    for (const nonce of nonces) store.delete(nonce);
    return undefined;
  });
}

/** A nonce no other door will make: 128 random bits. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

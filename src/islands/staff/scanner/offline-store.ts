/**
 * What the van door keeps on the device for working without network (IndexedDB, one small database): the
 * public ticket key, the manifests of the event dates the staff member took along (each with every passenger's
 * check-ins at the moment it was downloaded), and every scan this device made, online or not, each with a nonce
 * so that sending them twice applies them once (POST /shop-api/staff/check-ins/sync). Scans stay after they are
 * sent, so a second scan of the same passenger is flagged on this device after a sync too.
 */
import type { OfflineManifest } from "../../../shared/schemas/answers/door";
import type { TicketPublicJwk } from "../../../shared/tickets/ticket-code";
import type { DeviceScan } from "./offline-check";
import { inStore } from "../offline-db";

const DB_NAME = "rodamos-door";
const KEEP = "keep";
const MANIFESTS = "manifests";
const SCANS = "scans";
/** Sent scans older than this are dropped: by then every list downloaded since carries them. */
const KEEP_SENT_MS = 3 * 24 * 60 * 60 * 1000;

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 2);
    request.onupgradeneeded = (event) => {
      const db = request.result;
      if (!db.objectStoreNames.contains(KEEP)) db.createObjectStore(KEEP);
      if (!db.objectStoreNames.contains(MANIFESTS)) db.createObjectStore(MANIFESTS, { keyPath: "eventDateId" });
      if (!db.objectStoreNames.contains(SCANS)) db.createObjectStore(SCANS, { keyPath: "nonce" });
      // Version 1 kept one manifest and only the scans still to send: the scans move over, the manifest is
      // downloaded again (its shape changed).
      if (event.oldVersion === 1 && db.objectStoreNames.contains("pending")) {
        const transaction = request.transaction!;
        const old = transaction.objectStore("pending").getAll();
        old.onsuccess = () => {
          const scans = transaction.objectStore(SCANS);
          for (const scan of old.result as Omit<DeviceScan, "passengerIds" | "synced" | "staffName">[])
            scans.put({
              ...scan,
              passengerIds: null,
              synced: false,
              staffName: null,
            });
          db.deleteObjectStore("pending");
        };
        transaction.objectStore(KEEP).delete("manifest");
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("indexedDB"));
  });
}

function run<T>(store: string, mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  return inStore(open, store, mode, act);
}

export const loadKey = () => run<TicketPublicJwk>(KEEP, "readonly", (store) => store.get("key") as IDBRequest<TicketPublicJwk>);
export const saveKey = (key: TicketPublicJwk) => run(KEEP, "readwrite", (store) => store.put(key, "key"));

export async function loadManifests(): Promise<OfflineManifest[]> {
  const all = await run<OfflineManifest[]>(MANIFESTS, "readonly", (store) => store.getAll() as IDBRequest<OfflineManifest[]>);
  return (all ?? []).sort((a, b) => a.date.localeCompare(b.date));
}

/** A manifest brings its key along: the door can check codes offline as soon as it has one. */
export async function saveManifest(manifest: OfflineManifest): Promise<void> {
  await run(MANIFESTS, "readwrite", (store) => store.put(manifest));
  await saveKey(manifest.publicKey);
}

export const removeManifest = (eventDateId: number) => run(MANIFESTS, "readwrite", (store) => store.delete(eventDateId));

export async function deviceScans(): Promise<DeviceScan[]> {
  const all = await run<DeviceScan[]>(SCANS, "readonly", (store) => store.getAll() as IDBRequest<DeviceScan[]>);
  return (all ?? []).sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

export const pendingScans = async () => (await deviceScans()).filter((scan) => !scan.synced);

export const addScan = (scan: DeviceScan) => run(SCANS, "readwrite", (store) => store.put(scan));

/** Marks scans as sent, and drops sent scans older than a few days. */
export async function markSent(nonces: readonly string[], now = Date.now()): Promise<void> {
  const all = await deviceScans();
  await run(SCANS, "readwrite", (store) => {
    for (const scan of all) {
      if (nonces.includes(scan.nonce)) store.put({ ...scan, synced: true });
      else if (scan.synced && now - Date.parse(scan.scannedAt) > KEEP_SENT_MS) store.delete(scan.nonce);
    }
    return undefined;
  });
}

/** A nonce no other door will make: 128 random bits. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

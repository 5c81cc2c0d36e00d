/**
 * Where uploaded files live: one module, so the shop can move them to an object store (S3 and the like) by
 * adding an implementation of `FileStorage` here and choosing it from the environment. The default keeps them
 * on local disk under DATA_DIR/uploads; every stored file is public under `/uploads/{key}`.
 */
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Env } from "../env";

export const UPLOADS_PATH = "/uploads";

/** A stored file's key: folders and a name of lower-case letters, digits and dashes, with its extension. */
export const STORAGE_KEY = /^(?:[a-z0-9-]+\/)*[a-z0-9-]+\.(?:webp|xlsx|xls)$/;

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xls: "application/vnd.ms-excel",
};

export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

export interface FileStorage {
  /** Stores the bytes under the key (replacing any) and answers the public path. */
  put(key: string, bytes: Uint8Array): Promise<string>;
  get(key: string): Promise<StoredFile | undefined>;
  remove(key: string): Promise<void>;
}

export const publicPathOf = (key: string) => `${UPLOADS_PATH}/${key}`;
/** The key of a public path this storage gave, or undefined for any other path (a demo image, a link). */
export function keyOfPublicPath(path: string): string | undefined {
  const key = path.startsWith(`${UPLOADS_PATH}/`) ? path.slice(UPLOADS_PATH.length + 1) : "";
  return STORAGE_KEY.test(key) ? key : undefined;
}

function checkedKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`storage: refused key ${key}`);
  return key;
}

/** Local disk: written to a temporary name and renamed, so a reader never sees half a file. */
export function localDiskStorage(root: string): FileStorage {
  return {
    async put(key, bytes) {
      const path = join(root, checkedKey(key));
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${Date.now()}.part`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
      return publicPathOf(key);
    },
    async get(key) {
      if (!STORAGE_KEY.test(key)) return undefined;
      try {
        const bytes = await readFile(join(root, key));
        return { bytes, contentType: CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream" };
      } catch {
        return undefined;
      }
    },
    async remove(key) {
      if (STORAGE_KEY.test(key)) await rm(join(root, key), { force: true });
    },
  };
}

const storages = new Map<string, FileStorage>();

/** The folder in DATA_DIR that holds the uploaded files (a backup carries it). */
export const UPLOADS_FOLDER = "uploads";

/** The shop's storage for its settings (today always local disk under DATA_DIR). */
export function storageFor(env: Pick<Env, "DATA_DIR">): FileStorage {
  const root = join(env.DATA_DIR, UPLOADS_FOLDER);
  let storage = storages.get(root);
  if (!storage) {
    storage = localDiskStorage(root);
    storages.set(root, storage);
  }
  return storage;
}

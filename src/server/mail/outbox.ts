/** Reading the local outbox back: newest first, for the dev page and the browser tests. */
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { OutboxEntry } from "./mailer";

export function readOutbox(dir: string, limit = 100): Promise<OutboxEntry[]> {
  return readJsonFolder<OutboxEntry>(dir, limit);
}

/** The .json files of a local outbox folder (mails, texts), newest first by name; unreadable ones left out. */
export async function readJsonFolder<T>(dir: string, limit = 100): Promise<T[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files = names.filter((name) => name.endsWith(".json")).sort().reverse().slice(0, limit);
  const entries: (T | undefined)[] = await Promise.all(
    files.map(async (name): Promise<T | undefined> => {
      try {
        return JSON.parse(await readFile(join(dir, name), "utf8")) as T;
      } catch {
        return undefined;
      }
    }),
  );
  return entries.filter((entry): entry is T => entry !== undefined);
}

export async function readOutboxEntry(dir: string, id: string): Promise<OutboxEntry | undefined> {
  if (!/^[\w-]+$/.test(id)) return undefined;
  try {
    return JSON.parse(await readFile(join(dir, `${id}.json`), "utf8")) as OutboxEntry;
  } catch {
    return undefined;
  }
}

/**
 * Reading the local mail drop back (the folder demo mode writes mails to instead of sending them; not the outbox of
 * jobs): newest first, for the dev page /dev/outbox and the tests.
 */
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { DroppedMail } from "./mailer";

export function readMailDrop(dir: string, limit = 100): Promise<DroppedMail[]> {
  return readJsonFolder<DroppedMail>(dir, limit);
}

/** The .json files of a local drop folder (mails, texts), newest first by name; unreadable ones left out. */
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

export async function readDroppedMail(dir: string, id: string): Promise<DroppedMail | undefined> {
  if (!/^[\w-]+$/.test(id)) return undefined;
  try {
    return JSON.parse(await readFile(join(dir, `${id}.json`), "utf8")) as DroppedMail;
  } catch {
    return undefined;
  }
}

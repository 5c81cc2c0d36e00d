/**
 * One process per PGlite data folder: PGlite is not a server, and two processes writing one folder corrupt it.
 * The lock file appears with the owner's pid already in it: the pid is written to a file of this process's own,
 * which is then hard-linked to the lock's name (`link` fails when the name exists, atomically). A lock file
 * created empty and written after would let a second process read it in between, take it for a dead owner's and
 * reclaim it. A lock whose process is gone is reclaimed, and the owner removes it on close.
 */
import { linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const LOCK_FILE = "rodamos.lock";

/** Locks this process holds, so a pid reused after a crash (pid 1 in a container) is not mistaken for ours. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function ownerOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Younger than a process needs between creating a file and writing a few bytes to it, with a wide margin. */
function isRecent(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 10_000;
  } catch {
    return false;
  }
}

function refusal(dataDir: string, pid: number): Error {
  return new Error(
    `The database in ${dataDir} is already open by process ${pid}. Stop that shop first, or give this one its own DATA_DIR ` +
      `(several processes on one database need PostgreSQL: DATABASE_URL).`,
  );
}

/** Takes the folder's lock or throws naming the process that has it; answers the release. */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  if (held.has(file)) throw refusal(dataDir, process.pid);
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`, { mode: 0o600 });
  try {
    return takeLock(dataDir, file, mine);
  } finally {
    rmSync(mine, { force: true });
  }
}

function takeLock(dataDir: string, file: string, mine: string): () => void {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      linkSync(mine, file);
      held.add(file);
      return () => {
        held.delete(file);
        if (ownerOf(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = ownerOf(file);
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) throw refusal(dataDir, owner);
    // A lock without a pid that is only moments old is some process's still being written (an older build created
    // it empty, then wrote): taking it would put two processes on one folder.
    if (owner === undefined && isRecent(file)) throw new Error(`The database in ${dataDir} is being opened by another process right now.`);
    // Stale (its process is gone, or it is unreadable): moved aside atomically. If what was moved is not the stale
    // lock (another process reclaimed it and took the name in between), it is put back and that process wins.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
      const moved = ownerOf(aside);
      if (moved !== owner && moved !== undefined && isAlive(moved)) {
        try {
          linkSync(aside, file);
        } finally {
          rmSync(aside, { force: true });
        }
        throw refusal(dataDir, moved);
      }
      rmSync(aside, { force: true });
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("The database in")) throw error;
      // Someone else reclaimed it first; try again.
    }
  }
  throw new Error(`Could not take the lock ${file}; remove it if no shop is running.`);
}

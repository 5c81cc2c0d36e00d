/**
 * One process per PGlite data folder: PGlite is not a server, and two processes writing one folder corrupt it.
 * The owner's pid goes in a lock file created atomically (`open(..., "wx")`); a lock whose process is gone is
 * reclaimed, and the owner removes it on close.
 */
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
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
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
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
    // Stale (its process is gone, or it is unreadable): moved aside atomically, so two reclaimers cannot both win.
    try {
      renameSync(file, `${file}.stale-${process.pid}`);
      rmSync(`${file}.stale-${process.pid}`, { force: true });
    } catch {
      // Someone else reclaimed it first; try again.
    }
  }
  throw new Error(`Could not take the lock ${file}; remove it if no shop is running.`);
}

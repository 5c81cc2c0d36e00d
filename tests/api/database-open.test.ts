/**
 * Opening the database from several processes: the embedded PGlite folder belongs to one process (the second is
 * refused, naming the first; a dead owner's lock is reclaimed; closing releases it), and on PostgreSQL several
 * processes starting at once on an empty database all come up (migrating is serialized by an advisory lock).
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { LOCK_FILE } from "../../src/server/db/data-dir-lock";
import { migratedDataFolder } from "../helpers/test-database";

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/**
 * A data folder holding the migrated database: what is tested here is its lock, not migrating a new folder (the
 * start under a supervisor, clean-stop, opens a new one), which took most of this file's time.
 */
async function migratedFolder(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "rodamos-lock-"));
  folders.push(dataDir);
  return migratedDataFolder(dataDir);
}

interface Opener {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  /** Resolves with the exit code, or "open" once the database is open. */
  settled: Promise<number | "open">;
  exited: Promise<number | null>;
}

function openIn(dataDir: string): Opener {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/open-data-dir.ts", dataDir], { stdio: "pipe" });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const settled = new Promise<number | "open">((resolve) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("open")) resolve("open");
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => resolve(code ?? -1));
  });
  return { child, output: () => output, settled, exited };
}

/**
 * Three shop processes one after the other, each starting Node, tsx and PGlite's WebAssembly: half a minute on a
 * quiet machine, past two minutes once at a load average of 19 on 2 cores. The limit is for a hung process, not a
 * measure of speed.
 */
const THREE_PROCESSES_MS = 300_000;

// The embedded database's own lock: the PostgreSQL pass of the suite (DATABASE_URL set) has nothing to add to it.
describe.skipIf(process.env.DATABASE_URL)("one embedded database, two processes", () => {
  it("refuses the second with a clear message, reclaims a dead owner's lock and releases it on close", { timeout: THREE_PROCESSES_MS }, async () => {
    const dataDir = await migratedFolder();
    const first = openIn(dataDir);
    expect(await first.settled).toBe("open");

    const second = openIn(dataDir);
    expect(await second.settled).toBe(1);
    expect(second.output()).toContain(`already open by process ${first.child.pid}`);

    // The owner dies without closing: its lock stays behind, and the next process takes it over.
    first.child.kill("SIGKILL");
    await first.exited;
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    const third = openIn(dataDir);
    expect(await third.settled).toBe("open");
    third.child.stdin.write("close\n");
    expect(await third.exited).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it("takes over a lock naming a process that no longer exists", { timeout: 120_000 }, async () => {
    const dataDir = await migratedFolder();
    writeFileSync(join(dataDir, LOCK_FILE), "999999999\n");
    const database = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already open by process/);
    await database.close();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});

const serverUrl = process.env.DATABASE_URL;
describe.skipIf(!serverUrl)("PostgreSQL: processes starting at once on an empty database", () => {
  it("all come up, each finding the schema migrated once", { timeout: 120_000 }, async () => {
    const { default: postgres } = await import("postgres");
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    const name = `shop_test_open_${Date.now()}_${randomBytes(3).toString("hex")}`;
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ url: url.toString(), max: 2 })));
      const failures = opened.filter((result) => result.status === "rejected").map((result) => String((result as PromiseRejectedResult).reason));
      await Promise.all(opened.map((result) => (result.status === "fulfilled" ? result.value.close() : undefined)));
      expect(failures).toEqual([]);
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    }
  });
});

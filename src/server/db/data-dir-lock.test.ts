import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCK_FILE, lockDataDir } from "./data-dir-lock";


describe("the data folder's lock", () => {
  it("is never taken from a process that has created it and not yet written its pid", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rodamos-lock-"));
    try {
      // What another process's lock looks like in the instant between creating the file and writing to it.
      writeFileSync(join(dataDir, LOCK_FILE), "");
      expect(() => lockDataDir(dataDir)).toThrow(/being opened by another process/);
      // Left empty for long (a crash in that instant), it is reclaimed.
      const long = new Date(Date.now() - 60_000);
      utimesSync(join(dataDir, LOCK_FILE), long, long);
      lockDataDir(dataDir)();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("is a file that names its owner from the moment it exists, and is gone after release", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rodamos-lock-"));
    try {
      const release = lockDataDir(dataDir);
      expect(readFileSync(join(dataDir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
      expect(() => lockDataDir(dataDir)).toThrow(/already open by process/);
      release();
      expect(() => readFileSync(join(dataDir, LOCK_FILE))).toThrow();
      // A lock left by a process that is gone is reclaimed.
      writeFileSync(join(dataDir, LOCK_FILE), "999999999\n");
      lockDataDir(dataDir)();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

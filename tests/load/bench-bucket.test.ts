/**
 * bench:bucket runs end to end once on a tiny build with two kept builds: a smoke check that it uploads the whole
 * build and each change (only the files that differ) to its stand-in bucket through the S3 SDK, and that every upload
 * arrived. It reads no database, so it runs once per `npm test`.
 */
import { execFile } from "node:child_process";
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "rodamos-bench-bucket-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("bench:bucket, as a smoke check", () => {
  it("uploads the whole build, then only what a change made differ, and the bucket received every file", async () => {
    const builds = join(scratch, "dist.builds");
    const [before, after] = [join(builds, "a"), join(builds, "b")];
    for (const build of [before, after]) mkdirSync(join(build, "event"), { recursive: true });
    writeFileSync(join(before, "index.html"), "<p>Bogotá</p>");
    writeFileSync(join(before, "index.html.br"), "old");
    writeFileSync(join(before, "event", "index.html"), "<p>Festival</p>".repeat(100));
    // The next build: the home page changed (and its compressed copy); the event page is the same file, hard-linked.
    writeFileSync(join(after, "index.html"), "<p>Bogotá, renamed</p>");
    writeFileSync(join(after, "index.html.br"), "new");
    linkSync(join(before, "event", "index.html"), join(after, "event", "index.html"));
    utimesSync(before, new Date(1_000_000), new Date(1_000_000));
    symlinkSync(after, join(scratch, "dist"));
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/bench/bucket.ts"], {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1", BENCH_DIST: join(scratch, "dist") },
      timeout: 120_000,
    });
    expect(stdout).toMatch(/whole build +3 files, 0\.00 MB in \d+\.\d+ s, uploader CPU \d+\.\d+ s/);
    expect(stdout).toMatch(/a change +2 files, 0\.00 MB in \d+\.\d+ s/);
    // The warm-up's 3, the whole build's 3 and the change's 2.
    expect(stdout).toMatch(/the bucket +received 8 objects/);
  }, 120_000);
});

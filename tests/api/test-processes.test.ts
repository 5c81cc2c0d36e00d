/**
 * The tests that start processes leave none running: a command past its time limit is stopped with everything it
 * started, and `stopStarted()` (each such file's afterAll) ends whatever a failed test left behind.
 */
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runToEnd, startProcess, stopStarted } from "../helpers/processes";

/** Running, and not a zombie waiting for its parent to read its exit. */
function running(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
    return state !== undefined && state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

async function gone(pid: number): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (running(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return !running(pid);
}

describe("processes started by tests", () => {
  it("a command past its limit is stopped, and the process it started with it", async () => {
    const pidFile = join(tmpdir(), `test-processes-${process.pid}-limit`);
    const hanging = runToEnd("sh", ["-c", `sleep 120 & echo $! > ${pidFile}; wait`], { timeoutMs: 1_500 });
    await expect(hanging).rejects.toThrow(/ran past 1500 ms/);
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    rmSync(pidFile, { force: true });
    expect(await gone(grandchild)).toBe(true);
  });

  it("stopStarted ends what a failed test left running, children included", async () => {
    const pidFile = join(tmpdir(), `test-processes-${process.pid}-left`);
    const leader = startProcess("sh", ["-c", `sleep 120 & echo $! > ${pidFile}; wait`], { stdio: "ignore" });
    const deadline = Date.now() + 10_000;
    let grandchild = 0;
    while (!grandchild && Date.now() < deadline) {
      grandchild = Number((() => { try { return readFileSync(pidFile, "utf8"); } catch { return "0"; } })());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    rmSync(pidFile, { force: true });
    expect(running(grandchild)).toBe(true);
    await stopStarted();
    expect(await gone(leader.pid!)).toBe(true);
    expect(await gone(grandchild)).toBe(true);
  });

  it("answers a finished command's output", async () => {
    expect((await runToEnd("sh", ["-c", "echo Usage: x"], { timeoutMs: 30_000 })).stdout).toBe("Usage: x\n");
    await expect(runToEnd("sh", ["-c", "exit 3"], { timeoutMs: 30_000 })).rejects.toThrow(/exited with 3/);
  });
});

/**
 * Processes a test starts are stopped whatever happens to the test. Each is spawned in a process group of its own
 * (`detached`), so a stop reaches what it started in turn (npm → node, sh → tsx → node), not only the process the
 * test holds. `stopStarted()` in an `afterAll` kills every group the file started, after a test that failed or
 * ran out of time half-way as after one that passed; `runToEnd` stops its group itself past its time limit.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { createServer } from "node:net";

/** Every group a test file started (its leader's pid): killed again at the end, in case a child outlived it. */
const groups = new Set<number>();
const running = new Set<ChildProcess>();

function ended(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Starts a process in its own group, remembered until `stopStarted()`. */
export function startProcess(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid !== undefined) groups.add(child.pid);
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

/** Kills a started process and everything in its group (no-op once the group is gone). */
export function stopGroup(pid: number | undefined, signal: NodeJS.Signals = "SIGKILL"): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group has no process left.
  }
}

/**
 * Kills every group this file started and waits (up to `waitMs`) until their leaders have exited. The signal goes
 * out before the first wait, so a process's `exit` handler (which cannot wait) may call it too.
 */
export async function stopStarted(waitMs = 10_000, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  for (const pid of groups) stopGroup(pid, signal);
  const leaders = [...running].filter((child) => !ended(child));
  await Promise.race([
    Promise.all(leaders.map((child) => new Promise<void>((resolve) => (ended(child) ? resolve() : child.once("exit", () => resolve()))))),
    new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref()),
  ]);
  groups.clear();
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end and answers its output; refuses (after killing its whole group) a non-zero exit or a
 * run longer than `timeoutMs`.
 */
export function runToEnd(command: string, args: string[], options: SpawnOptions & { timeoutMs: number }): Promise<Finished> {
  const { timeoutMs, ...spawnOptions } = options;
  const child = startProcess(command, args, { ...spawnOptions, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stopGroup(child.pid);
      reject(new Error(`${command} ${args.join(" ")} ran past ${timeoutMs} ms and was stopped:\n${stderr}`));
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      // Whatever the command left behind in its group goes with it.
      stopGroup(child.pid);
      if (code === 0) resolve({ code, stdout, stderr });
      else reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${stderr}`));
    });
  });
}

/** Whether a TCP port of 127.0.0.1 can be listened on now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * `count` consecutive ports a started shop can listen on, below Linux's ephemeral range (32768 and up), where the
 * kernel gives outgoing connections their local ports: a port picked there was once taken by a connection to
 * PostgreSQL between the pick and the shop's listen. Here only a listener that picks the same port can take it.
 */
export async function freePorts(count = 1): Promise<number> {
  for (;;) {
    const first = 20_000 + Math.floor(Math.random() * (32_000 - 20_000 - count));
    const all = await Promise.all(Array.from({ length: count }, (_, i) => bindable(first + i)));
    if (all.every(Boolean)) return first;
  }
}

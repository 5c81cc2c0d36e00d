/**
 * The processes a benchmark starts beside itself (the shop, a gateway simulator): each in its own process, so the
 * load generator never shares their event loop, announced ready by a line it prints.
 */
import { spawn, type ChildProcess } from "node:child_process";

export interface Child {
  process: ChildProcess;
  /** What followed the ready prefix on its ready line (a port, a URL). */
  line: string;
}

/** Starts a script in a child process and waits for the line that says it is ready. */
export function startChild(script: string, env: NodeJS.ProcessEnv, readyPrefix: string): Promise<Child> {
  // BENCH_CPU_PROF=<folder>: the children write V8 CPU profiles there.
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", script], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((candidate) => candidate.startsWith(readyPrefix));
      if (line) resolve({ process: child, line: line.slice(readyPrefix.length).trim() });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.BENCH_VERBOSE) process.stderr.write(chunk);
    });
    child.once("exit", (code) => reject(new Error(`${script} ended (${code}):\n${output}`)));
  });
}

/** SIGTERM, then SIGKILL after 10 s. */
export async function stopChild(child: Child): Promise<void> {
  if (child.process.exitCode !== null) return;
  const ended = new Promise((done) => child.process.once("exit", done));
  child.process.kill("SIGTERM");
  await Promise.race([ended, new Promise((done) => setTimeout(done, 10_000))]);
  if (child.process.exitCode === null) child.process.kill("SIGKILL");
}

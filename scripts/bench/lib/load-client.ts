/**
 * The outside load of the read benchmarks: wrk (Debian's package `wrk`), a C load generator in a process of its own.
 * It outruns the bare Hono app it is compared against, so the servers' own cost decides the figures (a generator
 * written in Node saturated first and let a shop look faster than the bare app). One thread, N keep-alive
 * connections, each sending the same GET again as soon as the previous answer has arrived (no pipelining); what wrk
 * prints is read back: requests per second, p99 latency, errors (socket errors and answers other than 2xx/3xx).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface LoadOrder {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** wrk threads (default 1: on a small machine the servers keep the other cores). */
  threads?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Whether wrk is on this machine; the bench says how to install it when it is not. */
export async function hasWrk(): Promise<boolean> {
  try {
    await run("wrk", ["--version"]).catch((error: { stdout?: string }) => {
      // wrk --version prints its banner and exits 1.
      if (!String(error.stdout ?? "").includes("wrk")) throw error;
    });
    return true;
  } catch {
    return false;
  }
}

/** A wrk latency figure ("812.00us", "1.23ms", "2.01s") in milliseconds. */
export function milliseconds(figure: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(figure.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  const unit = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
  return Math.round(value * unit * 100) / 100;
}

/** What wrk printed, read back. */
export function parseWrk(output: string): LoadResult {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const latency = (share: string) => milliseconds(new RegExp(`^\\s*${share}%\\s+(\\S+)`, "m").exec(output)?.[1] ?? "0ms");
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requests: number(/(\d+) requests in/),
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: latency("50"),
    p99: latency("99"),
    errors: number(/Non-2xx or 3xx responses: (\d+)/) + (socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0),
  };
}

export async function wrk(order: LoadOrder): Promise<LoadResult> {
  const headers = Object.entries(order.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const threads = Math.min(order.threads ?? 1, order.connections);
  const { stdout } = await run("wrk", ["-t", String(threads), "-c", String(order.connections), "-d", `${order.seconds}s`, "--latency", ...headers, order.url], {
    timeout: (order.seconds + 30) * 1000,
  });
  return parseWrk(stdout);
}

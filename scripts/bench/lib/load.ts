/**
 * The load the read benchmarks put on a server, two ways: autocannon from the bench's own process ("inside"), or
 * wrk in a process of its own ("outside", load-client.ts: a C generator that outruns the servers, so the server, not
 * the load, is what is measured); and the median of several interleaved measurements (a shared machine moves every
 * single figure).
 */
import autocannon from "autocannon";
import { wrk } from "./load-client";
import { cpuSeconds } from "./processes";

export interface Measured {
  rps: number;
  p99: number;
  errors: number;
  /** CPU time (user + system) the server's processes spent per answer, in µs, when their pids were given. */
  cpuUs?: number;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  /** The server's processes, whose CPU time per answer is read: a figure a shared machine moves less than req/s. */
  pids?: number[];
}

export async function measureInside(url: string, options: LoadOptions): Promise<Measured> {
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

/** The same measurement by wrk, a process of its own (keep-alive connections, one request in flight on each). */
export async function measureOutside(url: string, options: LoadOptions): Promise<Measured> {
  const before = options.pids ? cpuSeconds(options.pids) : 0;
  const result = await wrk({ url, connections: options.connections, seconds: options.seconds, headers: options.headers });
  const cpuUs = options.pids && result.requests > 0 ? ((cpuSeconds(options.pids) - before) * 1e6) / result.requests : undefined;
  return { rps: result.rps, p99: result.p99, errors: result.errors, cpuUs };
}

export type Measure = (url: string, options: LoadOptions) => Promise<Measured>;

export function medianOf(runs: Measured[]): Measured {
  const middle = <T>(values: T[], by: (value: T) => number) => [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
  return {
    rps: middle(runs, (run) => run.rps).rps,
    p99: middle(runs, (run) => run.p99).p99,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    cpuUs: runs.every((run) => run.cpuUs !== undefined) ? middle(runs, (run) => run.cpuUs!).cpuUs : undefined,
  };
}

/**
 * How `compare` takes its turns: by default both servers are warmed up, then the baseline is measured first in each
 * round; `asShipped` takes them as ../shared/tools/reads-as-shipped.sh does: no warm-up, the shop first.
 */
export interface CompareStyle {
  asShipped?: boolean;
}

/**
 * The shop's and the baseline's medians for one path, measured in turns so that both meet the same moments of the
 * machine.
 */
export async function compare(
  shopOrigin: string,
  bareOrigin: string,
  path: string,
  rounds: number,
  options: LoadOptions,
  measure: Measure = measureInside,
  pids: { shop?: number[]; bare?: number[] } = {},
  style: CompareStyle = {},
) {
  if (!style.asShipped) {
    const warmUp = { ...options, seconds: Math.min(options.seconds, 2) };
    await measure(bareOrigin + path, warmUp);
    await measure(shopOrigin + path, warmUp);
  }
  const bareRuns: Measured[] = [];
  const shopRuns: Measured[] = [];
  const measureBare = async () => bareRuns.push(await measure(bareOrigin + path, { ...options, pids: pids.bare }));
  const measureShop = async () => shopRuns.push(await measure(shopOrigin + path, { ...options, pids: pids.shop }));
  for (let round = 0; round < rounds; round += 1) {
    if (style.asShipped) {
      await measureShop();
      await measureBare();
    } else {
      await measureBare();
      await measureShop();
    }
  }
  const shop = medianOf(shopRuns);
  const bare = medianOf(bareRuns);
  return { shop, bare, ratio: bare.rps > 0 ? Math.round((shop.rps / bare.rps) * 100) : 0 };
}

export function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}


/**
 * The load the read benchmarks put on a server: autocannon from the bench's own process, and the median of several
 * interleaved measurements (a shared machine moves every single figure).
 */
import autocannon from "autocannon";

export interface Measured {
  rps: number;
  p99: number;
  errors: number;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
}

export async function measure(url: string, options: LoadOptions): Promise<Measured> {
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

export function medianOf(runs: Measured[]): Measured {
  const middle = <T>(values: T[], by: (value: T) => number) => [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
  return {
    rps: middle(runs, (run) => run.rps).rps,
    p99: middle(runs, (run) => run.p99).p99,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

/**
 * The shop's and the baseline's medians for one path: both warmed up, then measured in turns so that both meet the
 * same moments of the machine.
 */
export async function compare(shopOrigin: string, bareOrigin: string, path: string, rounds: number, options: LoadOptions) {
  await measure(bareOrigin + path, options);
  await measure(shopOrigin + path, options);
  const bareRuns: Measured[] = [];
  const shopRuns: Measured[] = [];
  for (let round = 0; round < rounds; round += 1) {
    bareRuns.push(await measure(bareOrigin + path, options));
    shopRuns.push(await measure(shopOrigin + path, options));
  }
  const shop = medianOf(shopRuns);
  const bare = medianOf(bareRuns);
  return { shop, bare, ratio: bare.rps > 0 ? Math.round((shop.rps / bare.rps) * 100) : 0 };
}

export function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

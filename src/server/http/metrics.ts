/**
 * GET /metrics in the Prometheus text format (prom-client), for this machine (a loopback peer, not through a proxy)
 * and for callers bearing METRICS_TOKEN; anyone else gets a 404, as if it did not exist. It holds: requests and
 * their latency per route pattern, 429 refusals of the attempt limits per route, orders by state and payment
 * method, the outbox queue's length and the age of its oldest pending job (both read from the database when
 * scraped), the page publisher's runs and their duration (publications of this process: by outcome and by how the
 * pages were made), the shop processes started again after one died (counted by npm start's primary), and the
 * process's memory and event-loop lag (prom-client's default metrics).
 */
import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from "prom-client";
import { isLocalRequest } from "./local-only";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { onPublication } from "./publication-stats";
import { processRestarts } from "../process-restarts";

export interface ShopMetrics {
  registry: Registry;
  /** One answered request: cheap label lookups and two increments, nothing else on the request's path. */
  observe(method: string, route: string, status: number, seconds: number): void;
  /**
   * `observe` for one method and route fixed in advance (the fast lanes' answers, all under one route label): their
   * keys are built once, so an answer costs two lookups of kept strings and no string building.
   */
  recorder(method: string, route: string): (status: number, seconds: number) => void;
}

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/**
 * The publisher runs once per process, whatever the number of apps (tests make many): its metrics are made once
 * and registered in each app's registry.
 */
const publisherRuns = new Counter({
  name: "rodamos_publisher_runs_total",
  help: "Page publications of this process, by outcome (ok, failed) and kind (render: the changed pages from the warm renderer; full: all the pages built)",
  labelNames: ["outcome", "kind"],
  registers: [],
});
const publisherDuration = new Histogram({
  name: "rodamos_publisher_duration_seconds",
  help: "Time from the start of a page publication to its swap, by kind",
  labelNames: ["kind"],
  buckets: [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
  registers: [],
});
onPublication((run) => {
  const kind = run.kind ?? "none";
  publisherRuns.inc({ outcome: run.ok ? "ok" : "failed", kind });
  if (run.ok) publisherDuration.observe({ kind }, run.seconds);
});

const LATENCY_BOUNDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Counted {
  labels: { method: string; route: string; status: string };
  value: number;
}

interface Timed {
  labels: { method: string; route: string };
  count: number;
  sum: number;
  /** Answers per bucket, not cumulative; the last is above every bound (+Inf). */
  buckets: number[];
}

/** One exported value as prom-client's registry prints it. */
interface Exported {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName?: string;
}

/**
 * Requests answered and their latency, by method, route pattern (and status): counted in plain numbers under a
 * string key, and turned into Prometheus values only when /metrics is read. prom-client's own inc() and observe()
 * validate and hash their labels on every call, about 3 µs an answer: a seventh of what a cached catalogue read
 * costs the shop in all. The two metrics keep prom-client's names, types and output.
 */
class RequestMetrics {
  readonly #counts = new Map<string, Counted>();
  readonly #latencies = new Map<string, Timed>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route}`;
    this.#record(key, `${key} ${status}`, method, route, status, seconds);
  }

  /** `observe` with the method and route fixed: the keys are made once (per status for the count). */
  recorder(method: string, route: string): (status: number, seconds: number) => void {
    const key = `${method} ${route}`;
    const countKeys = new Map<number, string>();
    return (status, seconds) => {
      let countKey = countKeys.get(status);
      if (countKey === undefined) countKeys.set(status, (countKey = `${key} ${status}`));
      this.#record(key, countKey, method, route, status, seconds);
    };
  }

  #record(key: string, countKey: string, method: string, route: string, status: number, seconds: number): void {
    let timed = this.#latencies.get(key);
    if (!timed) this.#latencies.set(key, (timed = { labels: { method, route }, count: 0, sum: 0, buckets: new Array<number>(LATENCY_BOUNDS.length + 1).fill(0) }));
    timed.count += 1;
    timed.sum += seconds;
    let bucket = 0;
    while (bucket < LATENCY_BOUNDS.length && seconds > LATENCY_BOUNDS[bucket]!) bucket += 1;
    timed.buckets[bucket]! += 1;
    const counted = this.#counts.get(countKey);
    if (counted) counted.value += 1;
    else this.#counts.set(countKey, { labels: { method, route, status: String(status) }, value: 1 });
  }

  readonly counter = {
    name: "rodamos_http_requests_total",
    help: "Requests answered, by method, route pattern and status",
    type: "counter",
    aggregator: "sum",
    get: async () => ({ ...this.counter, values: [...this.#counts.values()].map(({ labels, value }): Exported => ({ labels: { ...labels }, value })) }),
    reset: () => this.#counts.clear(),
  };

  readonly histogram = {
    name: "rodamos_http_request_duration_seconds",
    help: "Time to answer a request, by method and route pattern",
    type: "histogram",
    aggregator: "sum",
    /** As prom-client prints a histogram: `le` first, then the request's labels. */
    getForPromString: async () => ({ ...this.histogram, values: this.#histogramValues(true) }),
    get: async () => ({ ...this.histogram, values: this.#histogramValues(false) }),
    reset: () => this.#latencies.clear(),
  };

  #histogramValues(shared: boolean): Exported[] {
    const name = this.histogram.name;
    const values: Exported[] = [];
    const value = (labels: Record<string, string | number>, own: Timed["labels"], amount: number, metricName: string): Exported =>
      shared ? { labels, sharedLabels: own, value: amount, metricName } : { labels: { ...labels, ...own }, value: amount, metricName };
    for (const timed of this.#latencies.values()) {
      let cumulative = 0;
      LATENCY_BOUNDS.forEach((bound, index) => {
        cumulative += timed.buckets[index]!;
        values.push(value({ le: bound }, timed.labels, cumulative, `${name}_bucket`));
      });
      values.push(value({ le: "+Inf" }, timed.labels, timed.count, `${name}_bucket`));
      values.push(value({}, timed.labels, timed.sum, `${name}_sum`));
      values.push(value({}, timed.labels, timed.count, `${name}_count`));
    }
    return values;
  }
}

export function createMetrics(db: Db): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "rodamos_" });
  registry.registerMetric(publisherRuns);
  registry.registerMetric(publisherDuration);
  const requests = new RequestMetrics();
  registry.registerMetric(requests.counter as unknown as Metric);
  registry.registerMetric(requests.histogram as unknown as Metric);
  new Counter({
    name: "rodamos_process_restarts_total",
    help: "Shop processes npm start has started again after one died",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(processRestarts());
    },
  });
  const refusals = new Counter({ name: "rodamos_rate_limit_refusals_total", help: "Requests refused by the attempt limits (429), by route pattern", labelNames: ["route"], registers: [registry] });
  new Gauge({
    name: "rodamos_orders",
    help: "Orders by state and payment method",
    labelNames: ["state", "payment_method"],
    registers: [registry],
    async collect() {
      const rows = rowsOf<{ state: string; method: string; n: number }>(await db.execute(sql`select state, payment_code as method, count(*)::int as n from orders group by 1, 2`));
      this.reset();
      for (const row of rows) this.set({ state: row.state, payment_method: row.method }, Number(row.n));
    },
  });
  new Gauge({
    name: "rodamos_outbox_pending",
    help: "Outbox jobs not yet done",
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from outbox where done_at is null`));
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: "rodamos_outbox_oldest_pending_seconds",
    help: "Age of the oldest outbox job not yet done (0 when none)",
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ age: number | null }>(
        await db.execute(sql`select extract(epoch from (now() - min(created_at)))::float8 as age from outbox where done_at is null`),
      );
      this.set(Math.max(0, Number(row?.age ?? 0)));
    },
  });
  return {
    registry,
    observe(method, route, status, seconds) {
      requests.observe(method, route, status, seconds);
      if (status === 429) refusals.inc({ route });
    },
    recorder(method, route) {
      const record = requests.recorder(method, route);
      return (status, seconds) => {
        record(status, seconds);
        if (status === 429) refusals.inc({ route });
      };
    },
  };
}

function bearsToken(c: Context, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(c.req.header("authorization")?.replace(/^Bearer\s+/i, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Answers GET /metrics to this machine and to METRICS_TOKEN's bearers; 404 to everyone else. */
export function metricsEndpoint(metrics: ShopMetrics, env: Pick<Env, "METRICS_TOKEN">): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path !== "/metrics" || c.req.method !== "GET") return next();
    if (!isLocalRequest(c) && !bearsToken(c, env.METRICS_TOKEN)) return next();
    return c.body(await metrics.registry.metrics(), 200, { "content-type": metrics.registry.contentType, "cache-control": "no-store" });
  };
}

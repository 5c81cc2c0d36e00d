/**
 * The on-sale rush of `bench:rush`, sent through the load balancer of `bench:hosts -- --rush` to its hosts: buyers
 * arrive at random within a window, each once through the booking wizard's calls (the event's provinces, the offer
 * with its stock, the country's payment methods, the purchase), coming back after `retryAfter` when the shop says
 * "wait", as the wizard does; a few readers ask for catalogue answers meanwhile.
 *
 * The buyers are spread over load processes of their own (hosts-rush-worker.ts), at most `BUYERS_PER_PROCESS` each,
 * all arriving within the same window: each buyer opens its own connections, as separate browsers do, and one Node
 * process cannot open a thousand buyers' connections a second (a 30,000-buyer rush from one process timed out at
 * the load generator, out of file descriptors and CPU, while the hosts waited).
 */
import { fork } from "node:child_process";
import { QUEUE_RETRIES } from "../../../src/stores/booking";
import { onePassengerPurchase } from "./bench-buyers";
import type { benchOffer } from "./bench-offer";
import { percentile } from "./percentile";

/** The browser client's time-out (src/client/api.ts): past it the wizard shows an error. */
const TIMEOUT_MS = 15_000;

export interface RushResult {
  outcomes: Map<string, number>;
  answeredIds: number[];
  definite: number;
  timeouts: number;
  serverErrors: number;
  p50: number;
  p99: number;
  reads: number;
  readP99: number;
  readErrors: number;
  seconds: number;
}

const sleep = (milliseconds: number) => new Promise((done) => setTimeout(done, Math.max(0, milliseconds)));

function failureOf(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") return "time-out";
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `network ${cause?.code ?? cause?.message ?? (error as Error).message}`;
}

/** Buyers one load process sends at most. */
const BUYERS_PER_PROCESS = 5_000;

export interface RushOptions {
  origin: string;
  offer: Awaited<ReturnType<typeof benchOffer>>;
  variantId: number;
  tokens: string[];
  arrivalSeconds: number;
  readers: number;
  readPaths: string[];
}

/** What one load process saw: every buyer's outcome and time, every read's time. */
export interface RushShare {
  results: { outcome: string; latency: number }[];
  answeredIds: number[];
  readLatencies: number[];
  readErrors: number;
  seconds: number;
}

/** The whole rush: the buyers spread over load processes, their figures put together. */
export async function rush(options: RushOptions): Promise<RushResult> {
  const processes = Math.max(1, Math.ceil(options.tokens.length / BUYERS_PER_PROCESS));
  // Every process starts its window at the same moment, once all are loaded.
  const startAt = Date.now() + 3_000;
  const shares = await Promise.all(
    Array.from({ length: processes }, (_, index) => {
      const order = {
        ...options,
        tokens: options.tokens.filter((_, token) => token % processes === index),
        readers: Math.floor(options.readers / processes) + (index < options.readers % processes ? 1 : 0),
        startAt,
      };
      const worker = fork(new URL("./hosts-rush-worker.ts", import.meta.url), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
      return new Promise<RushShare>((resolve, reject) => {
        worker.once("message", (share) => resolve(share as RushShare));
        worker.once("exit", (code) => reject(new Error(`a rush load process ended (${code}) before it answered`)));
        worker.send(order);
      });
    }),
  );
  const results = shares.flatMap((share) => share.results);
  const readLatencies = shares.flatMap((share) => share.readLatencies).sort((a, b) => a - b);
  const outcomes = new Map<string, number>();
  for (const result of results) outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1);
  const latencies = results.map((result) => result.latency).sort((a, b) => a - b);
  return {
    outcomes,
    answeredIds: shares.flatMap((share) => share.answeredIds),
    definite: results.filter((result) => ["seat", "sold out", "sold out at the offer"].includes(result.outcome)).length,
    timeouts: results.filter((result) => result.outcome.startsWith("time-out")).length,
    serverErrors: results.filter((result) => /^5\d\d /.test(result.outcome)).length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    reads: readLatencies.length,
    readP99: percentile(readLatencies, 99),
    readErrors: shares.reduce((sum, share) => sum + share.readErrors, 0),
    seconds: Math.max(...shares.map((share) => share.seconds)),
  };
}

/** One load process's share of the rush: its buyers arriving at random within the window that starts at `startAt`. */
export async function rushShare(options: RushOptions & { startAt: number }): Promise<RushShare> {
  const { origin, offer, variantId } = options;
  const slug = offer.event.slug;
  const offerPath = `/api/events/${slug}/product-variant?eventDateId=${offer.date.id}`;
  const body = JSON.stringify(onePassengerPurchase(offer, variantId));
  const answeredIds: number[] = [];

  async function call(path: string, token: string, payload?: string) {
    const headers: Record<string, string> = { accept: "application/json", "x-locale": "es_CL", authorization: `Bearer ${token}` };
    if (payload) headers["content-type"] = "application/json";
    const response = await fetch(origin + path, { method: payload ? "POST" : "GET", headers, body: payload, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const parsed = (await response.json().catch(() => undefined)) as { success?: boolean; code?: string; data?: unknown; retryAfter?: number } | undefined;
    return { status: response.status, body: parsed };
  }

  /** A refusal as the buyer met it: the status and the shop's code, or who answered when the body is not the shop's. */
  const refusal = (answer: Awaited<ReturnType<typeof call>>) =>
    `${answer.status} ${answer.body?.code ?? (answer.body ? "(no code)" : "(not the shop's answer: the load balancer's)")}`;

  async function buyer(token: string): Promise<{ outcome: string; latency: number }> {
    const t0 = performance.now();
    const done = (outcome: string) => ({ outcome, latency: performance.now() - t0 });
    let stage = "offer";
    try {
      const provinces = await call(`/api/provinces/by-event/${slug}`, token);
      if (provinces.status !== 200) return done(`${refusal(provinces)} at the offer`);
      const answer = await call(offerPath, token);
      if (answer.status !== 200) return done(`${refusal(answer)} at the offer`);
      const subcategory = (answer.body?.data as { subCategories: { productVariantId: number; stock: number }[] }[])
        .flatMap((category) => category.subCategories)
        .find((candidate) => candidate.productVariantId === variantId);
      if (!subcategory) return done("offer without the subcategory");
      if (subcategory.stock <= 0) return done("sold out at the offer");
      stage = "payment methods";
      const methods = await call("/api/payment-methods?country-code=CL", token);
      if (methods.status !== 200) return done(`${refusal(methods)} at the payment methods`);
      stage = "purchase";
      for (let attempt = 0; ; attempt += 1) {
        const purchase = await call("/shop-api/init-payment", token, body);
        if (purchase.status === 201 && purchase.body?.success) {
          answeredIds.push(Number((purchase.body.data as { orderId: number }).orderId));
          return done("seat");
        }
        if (purchase.body?.code === "stock_exhausted") return done("sold out");
        if (purchase.body?.code === "purchase_queue_full" && typeof purchase.body.retryAfter === "number") {
          if (attempt >= QUEUE_RETRIES) return done("gave up waiting at the purchase");
          await sleep(purchase.body.retryAfter * 1000 + Math.random() * 500);
          continue;
        }
        return done(`${refusal(purchase)} at the purchase`);
      }
    } catch (error) {
      return done(`${failureOf(error)} at the ${stage}`);
    }
  }

  await sleep(options.startAt - Date.now());
  let rushing = true;
  const readLatencies: number[] = [];
  let readErrors = 0;
  const readers = Array.from({ length: options.readers }, async (_, reader) => {
    for (let turn = reader; rushing; turn += 1) {
      const t0 = performance.now();
      try {
        const response = await fetch(origin + options.readPaths[turn % options.readPaths.length]!, { headers: { accept: "application/json", "x-locale": "es_CO" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
        await response.arrayBuffer();
        if (response.status !== 200) readErrors += 1;
      } catch {
        readErrors += 1;
      }
      readLatencies.push(performance.now() - t0);
    }
  });

  const arrivals = options.tokens.map(() => Math.random() * options.arrivalSeconds * 1000).sort((a, b) => a - b);
  const started = performance.now();
  const results = await Promise.all(
    options.tokens.map(async (token, index) => {
      await sleep(arrivals[index]! - (performance.now() - started));
      return buyer(token);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  rushing = false;
  await Promise.all(readers);
  return { results, answeredIds, readLatencies, readErrors, seconds };
}

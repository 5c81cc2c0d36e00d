/**
 * The load of `npm run bench:tracking`, run as a process of its own (`fork`) so it shares no event loop with the
 * server measured: W passengers' pages, each a Server-Sent Events stream of its run, and V vans, each posting its
 * position every INTERVAL (a fix stamped with the moment it is sent; the vans' first posts spread over the
 * interval). A page's latency is from the van's post to the first event showing that fix. Told what to do by one IPC
 * message; says "window-start" and "window-end" around the measured window (the bench reads the server's CPU then)
 * and answers with the figures.
 */
import { Agent, get, request } from "node:http";
import type { TrackingDay } from "./tracking-day";

export interface TrackingOrder {
  origin: string;
  kind: "shop" | "bare";
  day: TrackingDay;
  warmUpSeconds: number;
  seconds: number;
  intervalMs: number;
}

export interface TrackingResult {
  connectSeconds: number;
  latenciesMs: number[];
  /** Deliveries of the window's positions that never reached their page. */
  missing: number;
  /** The window's positions the shop coalesced into the run's previous fix (sent within a second of it): owed to no page. */
  coalesced: number;
  positions: number;
  refused: number;
  deliveries: number;
  windowSeconds: number;
  pageErrors: number;
  /** The first refusal's status and body, to say why. */
  refusal: string;
}

function run(order: TrackingOrder): Promise<TrackingResult> {
  const { day, kind, origin } = order;
  const listeners = new Map<number, number>();
  for (const page of day.pages) listeners.set(page.runId, (listeners.get(page.runId) ?? 0) + 1);
  /** `runId at` -> when it was posted, for the window's positions. */
  const posted = new Map<string, number>();
  const latencies: number[] = [];
  let measuring = false;
  let windowStart = 0;
  let windowEnd = 0;
  let positions = 0;
  let refused = 0;
  let coalesced = 0;
  let deliveries = 0;
  let pageErrors = 0;
  let refusal = "";
  const agent = new Agent({ keepAlive: true, maxSockets: day.runs.length + 10 });

  function openPage(page: TrackingDay["pages"][number]): Promise<void> {
    const path = kind === "shop" ? `/shop-api/tracking/${encodeURIComponent(page.token)}/events` : `/events/${page.runId}`;
    return new Promise((ready) => {
      let lastAt: string | null = null;
      let buffer = "";
      let first = true;
      const req = get(`${origin}${path}`, { agent: false, headers: { accept: "text/event-stream" } }, (response) => {
        if (response.statusCode !== 200) {
          pageErrors += 1;
          response.resume();
          ready();
          return;
        }
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = frame.split("\n").find((line) => line.startsWith("data:"));
            if (!data) continue;
            if (first) {
              first = false;
              ready();
            }
            // The van's fix is the one "at" of the answer written as the phone sent it (the page's own times are not).
            const at = /"van":\{[^}]*"at":"([^"]+)"/.exec(data)?.[1] ?? null;
            if (at === null || at === lastAt) continue;
            lastAt = at;
            const sentAt = posted.get(`${page.runId} ${at}`);
            if (sentAt !== undefined) {
              latencies.push(performance.now() - sentAt);
              deliveries += 1;
            }
          }
        });
      });
      req.on("error", () => {
        pageErrors += 1;
        ready();
      });
    });
  }

  function post(vehicle: TrackingDay["runs"][number], step: number) {
    const at = new Date().toISOString();
    const sentAt = performance.now();
    const inWindow = measuring;
    // Northwards some 50 m a step: a vehicle driving to its first stop.
    const body = JSON.stringify({ runId: vehicle.runId, positions: [{ lat: vehicle.lat + step * 0.00045, lon: vehicle.lon, accuracy: 8, at }] });
    const path = kind === "shop" ? "/shop-api/driver/positions" : "/positions";
    if (inWindow) posted.set(`${vehicle.runId} ${at}`, sentAt);
    const req = request(
      `${origin}${path}`,
      { method: "POST", agent, headers: { "content-type": "application/json", authorization: `Bearer ${vehicle.driverToken}`, "content-length": Buffer.byteLength(body) } },
      (response) => {
        if (response.statusCode !== 200 && !refusal) {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => (refusal ||= `${response.statusCode} ${text.slice(0, 200)}`));
        } else if (kind === "shop" && inWindow) {
          // A fix within a second of the run's latest is coalesced into it by the shop (stored 0): no page is owed it.
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => {
            const stored = (JSON.parse(text) as { data?: { stored?: number } }).data?.stored;
            if (stored === 0) {
              coalesced += 1;
              posted.delete(`${vehicle.runId} ${at}`);
            }
          });
        } else response.resume();
        if (!inWindow) return;
        if (response.statusCode === 200) positions += 1;
        else {
          refused += 1;
          posted.delete(`${vehicle.runId} ${at}`);
        }
      },
    );
    req.on("error", () => {
      if (inWindow) {
        refused += 1;
        posted.delete(`${vehicle.runId} ${at}`);
      }
    });
    req.end(body);
  }

  return (async () => {
    const connectStarted = performance.now();
    // 50 pages opening at a time, as a crowd opening its links does not all in the same millisecond.
    const queue = [...day.pages];
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        for (let page = queue.shift(); page; page = queue.shift()) await openPage(page);
      }),
    );
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const timers: NodeJS.Timeout[] = [];
    day.runs.forEach((vehicle, index) => {
      let step = 0;
      timers.push(
        setTimeout(() => {
          post(vehicle, step++);
          timers.push(setInterval(() => post(vehicle, step++), order.intervalMs));
        }, (index * order.intervalMs) / day.runs.length),
      );
    });
    await new Promise((done) => setTimeout(done, order.warmUpSeconds * 1000));
    measuring = true;
    windowStart = performance.now();
    process.send?.("window-start");
    await new Promise((done) => setTimeout(done, order.seconds * 1000));
    measuring = false;
    windowEnd = performance.now();
    process.send?.("window-end");
    for (const timer of timers) clearInterval(timer);
    // The window's last positions get two seconds to arrive.
    await new Promise((done) => setTimeout(done, 2000));
    let expected = 0;
    for (const key of posted.keys()) expected += listeners.get(Number(key.split(" ")[0])) ?? 0;
    return {
      connectSeconds,
      latenciesMs: latencies,
      missing: Math.max(0, expected - deliveries),
      positions,
      refused,
      coalesced,
      deliveries,
      windowSeconds: (windowEnd - windowStart) / 1000,
      pageErrors,
      refusal,
    };
  })();
}

if (process.send) {
  process.once("message", (order: TrackingOrder) => {
    void run(order).then((result) => process.send!({ result }, () => process.exit(0)));
  });
}

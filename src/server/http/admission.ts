/**
 * Admission control for purchases: each shop process works on at most PURCHASE_CONCURRENCY purchases at once and
 * lets at most PURCHASE_QUEUE more wait, in arrival order, each for at most PURCHASE_QUEUE_WAIT_MS. A purchase that
 * finds the queue full, or waits longer, is answered at once with 503 `purchase_queue_full`, a `Retry-After` of
 * PURCHASE_RETRY_SECONDS and, in the body, `retryAfter` (the same seconds) and `position` (the purchases ahead of it
 * in this process); the booking wizard waits that long and sends it again.
 *
 * Why: in an on-sale rush the seats are taken one statement at a time on one hot row, so purchases beyond what the
 * database serves only wait, each holding memory, a socket and soon a client's patience; piled up, they also fill
 * the connection pool's queue, in which every catalogue read that misses the answer cache then waits. Half the pool for purchases leaves the other half to reads. A short bounded queue keeps every answer quick (a seat, sold out, or
 * "come back in a second") and leaves the rest of the shop responsive. Only purchases pass through it; reads never wait.
 */
import type { Context, MiddlewareHandler } from "hono";
import { translate } from "../../shared/i18n";
import type { QueueFullFailure } from "../../shared/schemas/answers/admission";
import type { Env } from "../env";
import type { AppEnv } from "./context";

export interface AdmissionSettings {
  /** Purchases worked on at once. */
  concurrency: number;
  /** Purchases allowed to wait beyond those. */
  queue: number;
  /** Longest wait in the queue, in milliseconds. */
  maxWaitMs: number;
  /** What the refusal's Retry-After says, in seconds. */
  retryAfterSeconds: number;
}

export function admissionSettings(env: Env): AdmissionSettings {
  return {
    concurrency: env.PURCHASE_CONCURRENCY ?? Math.max(1, Math.floor(env.DATABASE_POOL / 2)),
    queue: env.PURCHASE_QUEUE,
    maxWaitMs: env.PURCHASE_QUEUE_WAIT_MS,
    retryAfterSeconds: env.PURCHASE_RETRY_SECONDS,
  };
}

export type Admission = { admitted: true } | { admitted: false; position: number };

interface Waiter {
  admit: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/** A counting gate with a bounded first-come-first-served queue. */
export class AdmissionGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly settings: AdmissionSettings) {}

  /** Purchases worked on and waiting now (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Admitted now or after a wait in the queue; turned away when the queue is full or the wait runs out. */
  enter(): Promise<Admission> | Admission {
    if (this.running < this.settings.concurrency) {
      this.running += 1;
      return { admitted: true };
    }
    const ahead = this.running + this.waiting.length;
    if (this.waiting.length >= this.settings.queue) return { admitted: false, position: ahead };
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: () => resolve({ admitted: true }),
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          resolve({ admitted: false, position: this.running + index });
        }, this.settings.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** A purchase is answered: the next in the queue takes its place. */
  leave(): void {
    const next = this.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit();
      return;
    }
    this.running -= 1;
  }
}

/** The refusal: 503 with Retry-After, the translated message and the seconds and position in the body. */
function queueFull(c: Context<AppEnv>, position: number, seconds: number) {
  const body: QueueFullFailure = {
    success: false,
    code: "purchase_queue_full",
    message: translate(c.get("locale"), "errors.purchase_queue_full", { seconds }),
    retryAfter: seconds,
    position,
  };
  return c.json(body, 503, { "retry-after": String(seconds), "cache-control": "no-store" });
}

/** The middleware on the purchase route: POSTs pass the gate, anything else goes on untouched. */
export function purchaseAdmission(gate: AdmissionGate): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const admission = await gate.enter();
    if (!admission.admitted) return queueFull(c, admission.position, gate.settings.retryAfterSeconds);
    try {
      await next();
    } finally {
      gate.leave();
    }
  };
}

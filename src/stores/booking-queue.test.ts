import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../client/api";
import type * as ClientApi from "../client/api";

let answers: (() => Promise<unknown>)[] = [];
let calls = 0;
let keys: (string | undefined)[] = [];
vi.mock("../client/api", async (original) => ({
  ...(await original<typeof ClientApi>()),
  api: (_route: string, options?: { headers?: Record<string, string> }) => {
    keys.push(options?.headers?.["Idempotency-Key"]);
    const next = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    return next();
  },
}));

const { $bookingDraft, $offer, $purchaseQueue, QUEUE_RETRIES, STEPS, emptyDraft, selectProvince, submitPurchase } = await import("./booking");
const { CATEGORIES } = await import("./booking-fixtures");

const busy = async () => {
  throw new ApiFailure(503, "purchase_queue_full", "Mucha gente está comprando", {}, { retryAfter: 2, position: 41 });
};

beforeEach(() => {
  calls = 0;
  keys = [];
  $bookingDraft.set({ ...emptyDraft(1), paymentCode: "webpay", stepIndex: STEPS.confirm });
  $offer.set({ categories: CATEGORIES, provinces: [], locale: "es_CL" });
  selectProvince(1);
});

describe("a purchase the busy shop asks to send again", () => {
  it("waits as long as the shop says, shows the wait, and goes on to the payment once it is taken", async () => {
    answers = [busy, busy, async () => ({ orderId: 9, paymentCode: "webpay", state: "awaiting_payment", holdExpiresAt: null })];
    const waits: number[] = [];
    const shown: unknown[] = [];
    await submitPurchase("/event/x", async (milliseconds) => {
      waits.push(milliseconds);
      shown.push($purchaseQueue.get());
    });
    expect(calls).toBe(3);
    expect(waits.every((milliseconds) => milliseconds >= 2000 && milliseconds < 2500)).toBe(true);
    expect(shown).toEqual([
      { retryAfter: 2, position: 41 },
      { retryAfter: 2, position: 41 },
    ]);
    expect($purchaseQueue.get()).toBeNull();
    expect($bookingDraft.get()).toMatchObject({ rejected: false, stepIndex: STEPS.payment });
  });

  it("a sold-out answer after waiting is the sold-out refusal", async () => {
    answers = [
      busy,
      async () => {
        throw new ApiFailure(409, "stock_exhausted", "Ya no quedan cupos");
      },
    ];
    await submitPurchase("/event/x", async () => {});
    expect($bookingDraft.get()).toMatchObject({ rejected: true, rejection: "stock_exhausted" });
    expect($purchaseQueue.get()).toBeNull();
  });

  it("gives up after a bounded number of tries", async () => {
    answers = [busy];
    await submitPurchase("/event/x", async () => {});
    expect(calls).toBe(QUEUE_RETRIES + 1);
    expect($bookingDraft.get()).toMatchObject({ rejected: true, rejection: "purchase_queue_full" });
  });

  it("waits out a database that is out of reach for a moment, showing that wait, then goes on", async () => {
    const down = async () => {
      throw new ApiFailure(503, "database_unavailable", "No pudimos guardar esto ahora mismo", {}, { retryAfter: 2, position: 0, reason: "database" });
    };
    answers = [down, async () => ({ orderId: 9, paymentCode: "webpay", state: "awaiting_payment", holdExpiresAt: null })];
    const shown: unknown[] = [];
    await submitPurchase("/event/x", async () => {
      shown.push($purchaseQueue.get());
    });
    expect(calls).toBe(2);
    expect(shown).toEqual([{ retryAfter: 2, position: 0, reason: "database" }]);
    expect($bookingDraft.get()).toMatchObject({ rejected: false, stepIndex: STEPS.payment });
  });
});

describe("one purchase, one key", () => {
  it("sends every retry of a purchase under the same Idempotency-Key, and the next purchase under a new one", async () => {
    answers = [busy, busy, async () => ({ orderId: 9, paymentCode: "webpay", state: "awaiting_payment", holdExpiresAt: null })];
    await submitPurchase("/event/x", async () => {});
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    calls = 0;
    answers = [async () => ({ orderId: 10, paymentCode: "webpay", state: "awaiting_payment", holdExpiresAt: null })];
    $bookingDraft.set({ ...$bookingDraft.get(), stepIndex: STEPS.confirm });
    await submitPurchase("/event/x", async () => {});
    expect(keys).toHaveLength(4);
    expect(keys[3]).not.toBe(keys[0]);
  });
});

import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../client/api";
import type * as ClientApi from "../client/api";

const calls: unknown[] = [];
let answer: () => Promise<unknown> = async () => ({});
vi.mock("../client/api", async (original) => ({
  ...(await original<typeof ClientApi>()),
  api: (_key: string, request: unknown) => {
    calls.push(request);
    return answer();
  },
}));

const { $bookingDraft, $offer, STEPS, applyDiscount, emptyDraft, removeDiscount, selectProvince, submitPurchase } = await import("./booking");
const { CATEGORIES } = await import("./booking-fixtures");

beforeEach(() => {
  calls.length = 0;
  $bookingDraft.set({ ...emptyDraft(1), paymentCode: "mercadopago", stepIndex: STEPS.confirm });
  $offer.set({ categories: CATEGORIES, provinces: [], locale: "es_CO" });
  selectProvince(1);
  applyDiscount({ code: "RODAMOS10", variation: 0.1, productVariants: [] });
});

describe("a code refused at the payment", () => {
  it("keeps the booking at the confirmation, says why, and goes on at the full price without the code", async () => {
    answer = async () => {
      throw new ApiFailure(409, "discount_used_up", "El cupón ya alcanzó su límite de usos");
    };
    await submitPurchase("/event/x");
    expect($bookingDraft.get()).toMatchObject({ rejected: false, stepIndex: STEPS.confirm, discountLost: "El cupón ya alcanzó su límite de usos" });

    removeDiscount();
    answer = async () => ({ orderId: 7, mercadopago_url: "https://sim/pay" });
    await submitPurchase("/event/x");
    expect((calls[1] as { body: { discountCode?: string } }).body.discountCode).toBeUndefined();
    expect($bookingDraft.get()).toMatchObject({ discountLost: null, stepIndex: STEPS.payment });
  });

  it("still refuses a purchase for any other reason", async () => {
    answer = async () => {
      throw new ApiFailure(409, "stock_exhausted", "Ya no quedan cupos");
    };
    await submitPurchase("/event/x");
    expect($bookingDraft.get()).toMatchObject({ rejected: true, rejection: "stock_exhausted" });
  });
});

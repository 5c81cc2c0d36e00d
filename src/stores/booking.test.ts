import { beforeEach, describe, expect, it } from "vitest";
import { CATEGORIES } from "./booking-fixtures";
import {
  $bookingDraft,
  $offer,
  $tickets,
  $totals,
  STEPS,
  applyDiscount,
  clearBooking,
  emptyDraft,
  finishBooking,
  purchaseBody,
  recordPayment,
  rejectPurchase,
  saveAddresses,
  selectDate,
  selectProvince,
  setTicketQuantity,
  startBooking,
} from "./booking";

beforeEach(() => {
  $bookingDraft.set(emptyDraft(1));
  $offer.set({ categories: CATEGORIES, provinces: [], locale: "es_CO" });
  selectProvince(1);
});

describe("booking draft", () => {
  it("counts tickets between 0 and the variant's stock and enables step 0 once one is chosen", () => {
    setTicketQuantity(10, -1, 3);
    expect($bookingDraft.get().buttonStepTicket).toBe(false);
    setTicketQuantity(10, 5, 3);
    expect($bookingDraft.get().quantity).toEqual({ 10: 3 });
    expect($bookingDraft.get().buttonStepTicket).toBe(true);
    setTicketQuantity(10, 0, 3);
    expect($bookingDraft.get().quantity).toEqual({});
    expect($bookingDraft.get().buttonStepTicket).toBe(false);
  });

  it("derives the tickets and the total from the selection and the discount", () => {
    setTicketQuantity(10, 2, 10);
    expect($tickets.get()).toHaveLength(2);
    expect($totals.get().total).toBe(130000);
    applyDiscount({ code: "X", variation: 0.1, productVariants: [{ product_variant_id: 10, discount_price: 58500 }] });
    expect($totals.get()).toMatchObject({ total: 117000, original: 130000, discounted: true });
  });

  it("resets the selection when the province changes, keeping the date", () => {
    selectDate(5);
    setTicketQuantity(10, 1, 10);
    saveAddresses([{ key: "10-0", addresses: [{ address: "Calle 1", commune_id: 4 }] }]);
    expect($bookingDraft.get().communeCode).toBe(4);
    selectProvince(2);
    expect($bookingDraft.get()).toMatchObject({ provinceId: 2, eventDateId: 5, quantity: {}, addressInputs: {}, communeCode: null, buttonStepTicket: false });
  });

  it("the clear action empties addresses, commune, passengers and quantity", () => {
    setTicketQuantity(10, 1, 10);
    clearBooking();
    expect($bookingDraft.get()).toMatchObject({ quantity: {}, addressInputs: {}, passengerInputs: {}, communeCode: null, buttonStepTicket: false, provinceId: 1 });
  });

  it("drops a draft of another event, or one handed to a card payment page, and reopens a refused one at confirm", () => {
    setTicketQuantity(10, 1, 10);
    startBooking(1);
    expect($bookingDraft.get().quantity).toEqual({ 10: 1 });
    rejectPurchase();
    expect($bookingDraft.get()).toMatchObject({ rejected: true, stepIndex: STEPS.payment });
    startBooking(1);
    expect($bookingDraft.get()).toMatchObject({ rejected: false, stepIndex: STEPS.confirm, quantity: { 10: 1 } });
    recordPayment({ orderId: 9, paymentCode: "webpay", state: "awaiting_payment", holdExpiresAt: null, webpay_token: "t", webpay_url: "/pay" });
    startBooking(1);
    expect($bookingDraft.get()).toEqual(emptyDraft(1));
    setTicketQuantity(10, 1, 10);
    startBooking(2);
    expect($bookingDraft.get()).toEqual(emptyDraft(2));
  });

  it("keeps nothing once the purchase is finished", () => {
    setTicketQuantity(10, 1, 10);
    finishBooking();
    expect($bookingDraft.get()).toMatchObject({ stepIndex: STEPS.done, quantity: {}, discount: null });
    startBooking(1);
    expect($bookingDraft.get()).toEqual(emptyDraft(1));
  });

  it("sends the purchase without any price, and the coupon only when one is applied", () => {
    selectDate(5);
    setTicketQuantity(12, 1, 10);
    saveAddresses([{ key: "12-0", addresses: [{ address: "Calle 1", commune_id: 4 }] }]);
    const draft = { ...$bookingDraft.get(), paymentCode: "transferencia" as const };
    const body = purchaseBody(draft, $tickets.get(), "https://shop.test/event/x");
    expect(body).toEqual({
      url: "https://shop.test/event/x",
      eventDateId: 5,
      provinceId: 1,
      paymentCode: "transferencia",
      tickets: [{ placeId: 7, productVariantId: 12, passengers: [], addresses: [{ address: "Calle 1", commune_id: 4 }] }],
    });
    applyDiscount({ code: "RODAMOS10", variation: 0.1, productVariants: [] });
    expect(purchaseBody({ ...$bookingDraft.get(), paymentCode: "webpay" }, $tickets.get(), "u").discountCode).toBe("RODAMOS10");
  });
});

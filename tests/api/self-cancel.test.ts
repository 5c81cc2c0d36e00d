/**
 * A customer cancels their own booking within the event's policy (demo events: free until 48 h before
 * departure): sees the refund first, the refund and the seats follow, a late cancellation is refused with the
 * deadline, a late share kept when the event says so; nobody cancels another's order.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  eventDates,
  events,
  orders,
  refunds,
  seatCounts,
} from "../../src/server/db/schema";
import type {
  CancellationTerms,
  SelfCancelAnswer,
} from "../../src/shared/schemas/answers/self-cancel";
import type { OrderDetailAnswer } from "../../src/shared/schemas/purchase";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };
let offer: Awaited<ReturnType<typeof eventOffer>>;
let variantId: number;
let county: number;

beforeAll(async () => {
  shop = await openTestShop();
  staff = await shop.buyer("staff");
  offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = offer
    .typed(offer.variants[0]!.provinceId)
    .find((v) => v.capacity === 1)!;
  variantId = variant.id;
  county = await countyOf(shop.db, variant.provinceId);
});
afterAll(async () => {
  await shop?.close();
});

/** Two one-seat tickets, one passenger each, paid (a transfer staff confirmed). */
async function paidBooking() {
  const me = await shop.buyer();
  const body = purchaseBody(offer, [variantId, variantId], county, {
    paymentCode: "transferencia",
  });
  body.tickets[1]!.passengers = [
    {
      name: "Luis Pardo",
      email: "luis@example.com",
      phone: "3104445566",
      passengerAddress: "Calle 2",
    },
  ];
  const started = await shop.call<{ orderId: number }>(
    "POST",
    "/shop-api/init-payment",
    body,
    { token: me.token },
  );
  const orderId = started.body.data.orderId;
  await shop.call(
    "POST",
    `/shop-api/staff/orders/${orderId}/confirm-transfer`,
    undefined,
    { token: staff.token },
  );
  const detail = await shop.call<OrderDetailAnswer>(
    "GET",
    `/shop-api/order-detail/${orderId}`,
    undefined,
    { token: me.token },
  );
  return { me, orderId, detail: detail.body.data };
}

const taken = async () =>
  (
    await shop.db
      .select()
      .from(seatCounts)
      .where(
        and(
          eq(seatCounts.productVariantId, variantId),
          eq(seatCounts.eventDateId, offer.eventDateId),
        ),
      )
  )[0]?.taken ?? 0;
const departure = () => offer.dates[0]!.startDate.getTime();
/** The booked date moved to 47 hours from now: inside the 48 h before departure (sessions stay valid). */
async function departingSoon<T>(run: () => Promise<T>): Promise<T> {
  await shop.db
    .update(eventDates)
    .set({ startDate: new Date(Date.now() + 47 * 3_600_000) })
    .where(eq(eventDates.id, offer.eventDateId));
  try {
    return await run();
  } finally {
    await shop.db
      .update(eventDates)
      .set({ startDate: offer.dates[0]!.startDate })
      .where(eq(eventDates.id, offer.eventDateId));
  }
}
const passengerIdsOf = async (orderId: number) => {
  const desk = await shop.call<{
    tickets: { passengers: { id: number; name: string }[] }[];
  }>("GET", `/shop-api/staff/orders/${orderId}`, undefined, {
    token: staff.token,
  });
  return desk.body.data.tickets.flatMap((ticket) => ticket.passengers);
};

describe("a customer cancels within the policy", () => {
  it("shows the refund of the chosen passenger first, then refunds it and frees the seat", async () => {
    const { me, orderId } = await paidBooking();
    const luis = (await passengerIdsOf(orderId)).find(
      (p) => p.name === "Luis Pardo",
    )!;
    const [order] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.id, orderId));
    const terms = await shop.call<CancellationTerms>(
      "GET",
      `/shop-api/orders/${orderId}/cancellation?passengerIds=${luis.id}`,
      undefined,
      { token: me.token },
    );
    expect(terms.body.data).toMatchObject({
      open: true,
      keepPercent: 0,
      refund: order!.total / 2,
      currency: "COP",
    });
    expect(new Date(terms.body.data.freeUntil!).getTime()).toBe(
      departure() - 48 * 3_600_000,
    );

    const before = await taken();
    const cancelled = await shop.call<SelfCancelAnswer>(
      "POST",
      `/shop-api/orders/${orderId}/cancel`,
      { passengerIds: [luis.id] },
      { token: me.token },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      state: "paid",
      refund: {
        amount: order!.total / 2,
        reason: "customer_cancelled",
        state: "awaiting_manual",
      },
    });
    expect(await taken()).toBe(before - 1);
    const mail = (await shop.mailsTo(me.email)).find((m) =>
      m.text.includes("Cancelaste tu reserva desde tu cuenta."),
    );
    expect(mail).toBeDefined();

    // The rest of the booking, whole.
    const rest = await shop.call<SelfCancelAnswer>(
      "POST",
      `/shop-api/orders/${orderId}/cancel`,
      {},
      { token: me.token },
    );
    expect(rest.body.data.state).toBe("cancelled");
    expect(await taken()).toBe(before - 2);
    expect(
      (
        await shop.db.select().from(refunds).where(eq(refunds.orderId, orderId))
      ).reduce((sum, r) => sum + r.amount, 0),
    ).toBe(order!.total);
  });

  it("never lets a customer cancel or read the terms of another's order", async () => {
    const { orderId } = await paidBooking();
    const other = await shop.buyer();
    expect(
      (
        await shop.call(
          "GET",
          `/shop-api/orders/${orderId}/cancellation`,
          undefined,
          { token: other.token },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await shop.call(
          "POST",
          `/shop-api/orders/${orderId}/cancel`,
          {},
          { token: other.token },
        )
      ).status,
    ).toBe(404);
    expect(
      (await shop.call("POST", `/shop-api/orders/${orderId}/cancel`, {}))
        .status,
    ).toBe(401);
    expect(
      (await shop.db.select().from(orders).where(eq(orders.id, orderId)))[0]!
        .state,
    ).toBe("paid");
  });
});

describe("past the deadline", () => {
  it("refuses with 409 cancellation_closed saying until when it was possible, and changes nothing", async () => {
    const { me, orderId } = await paidBooking();
    await departingSoon(async () => {
      const terms = await shop.call<CancellationTerms>(
        "GET",
        `/shop-api/orders/${orderId}/cancellation`,
        undefined,
        { token: me.token },
      );
      expect(terms.body.data).toMatchObject({ open: false, refund: 0 });
      const refused = await shop.call(
        "POST",
        `/shop-api/orders/${orderId}/cancel`,
        {},
        { token: me.token },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("cancellation_closed");
      expect(refused.body.message).toMatch(
        /^Ya no se puede cancelar esta reserva \(se podía hasta el \d{2}-\d{2}-\d{4} \d{2}:\d{2}\)$/,
      );
      expect(
        (await shop.db.select().from(orders).where(eq(orders.id, orderId)))[0]!
          .state,
      ).toBe("paid");
    });
  });

  it("keeps the event's late percentage when it allows late cancellations", async () => {
    const { me, orderId } = await paidBooking();
    const [order] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.id, orderId));
    await shop.db
      .update(events)
      .set({ cancelLateKeepPercent: 25 })
      .where(eq(events.id, offer.event.id));
    try {
      await departingSoon(async () => {
        const terms = await shop.call<CancellationTerms>(
          "GET",
          `/shop-api/orders/${orderId}/cancellation`,
          undefined,
          { token: me.token },
        );
        expect(terms.body.data).toMatchObject({
          open: true,
          keepPercent: 25,
          refund: Math.round(order!.total * 0.75),
        });
        const cancelled = await shop.call<SelfCancelAnswer>(
          "POST",
          `/shop-api/orders/${orderId}/cancel`,
          {},
          { token: me.token },
        );
        expect(cancelled.body.data.refund!.amount).toBe(
          Math.round(order!.total * 0.75),
        );
      });
    } finally {
      await shop.db
        .update(events)
        .set({ cancelLateKeepPercent: null })
        .where(eq(events.id, offer.event.id));
    }
  });
});

/**
 * POST /shop-api/init-payment refusals and rules: the server re-checks everything and
 * prices every ticket itself; stock is taken under lock and unpaid holds expire and give their seats back.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { discounts, orders, paymentMethods, productVariants, seatCounts, tickets } from "../../src/server/db/schema";
import { runStatement } from "../../src/server/db/statements";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let festival: Awaited<ReturnType<typeof eventOffer>>;
let bogota: number;
let cundinamarca: number;
let bogotaCounty: number;

interface Started {
  orderId: number;
  state: string;
  paymentCode: string;
  holdExpiresAt: string | null;
}

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const provinces = [...new Set(festival.variants.map((variant) => variant.provinceId))];
  [bogota, cundinamarca] = provinces as [number, number];
  bogotaCounty = await countyOf(shop.db, bogota);
});
afterAll(async () => {
  await shop?.close();
});

async function setStock(variantId: number, stock: number) {
  await shop.db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));
}

describe("pricing on the server", () => {
  it("ignores price fields a client adds and charges the database price", async () => {
    const me = await shop.buyer();
    const [single] = festival.typed(bogota);
    const body = purchaseBody(festival, [single!.id], bogotaCounty) as Record<string, unknown>;
    const tampered = {
      ...body,
      total: 1,
      price: 1,
      tickets: (body.tickets as object[]).map((ticket) => ({ ...ticket, price: 1, discountPrice: 1 })),
    };
    const answer = await shop.call<Started>("POST", "/shop-api/init-payment", tampered, { token: me.token });
    expect(answer.status).toBe(201);
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, answer.body.data.orderId));
    expect(order!.total).toBe(single!.price);
    const [ticket] = await shop.db.select().from(tickets).where(eq(tickets.orderId, order!.id));
    expect(ticket).toMatchObject({ price: single!.price, discountPrice: null });
  });

  it("sums several tickets and holds the seats for the documented time", async () => {
    const me = await shop.buyer();
    const [a, b] = festival.typed(bogota);
    const before = shop.now().getTime();
    const answer = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(festival, [a!.id, b!.id, a!.id], bogotaCounty), { token: me.token });
    expect(answer.status).toBe(201);
    expect(answer.body.data.state).toBe("awaiting_payment");
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, answer.body.data.orderId));
    expect(order!.total).toBe(2 * a!.price + b!.price);
    const held = new Date(answer.body.data.holdExpiresAt!).getTime() - before;
    expect(held).toBeGreaterThanOrEqual(20 * 60_000 - 1000);
    expect(held).toBeLessThanOrEqual(20 * 60_000 + 5000);
  });
});

describe("refusals", () => {
  const refused = async (body: unknown, token?: string) => shop.call("POST", "/shop-api/init-payment", body, { token: token ?? (await shop.buyer()).token });

  it("needs a signed-in buyer (401)", async () => {
    const [single] = festival.typed(bogota);
    const answer = await shop.call("POST", "/shop-api/init-payment", purchaseBody(festival, [single!.id], bogotaCounty));
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("unauthorized");
  });

  it("refuses a subcategory of another event", async () => {
    const other = await eventOffer(shop.db, "noche-de-salsa-movistar-arena");
    const answer = await refused(purchaseBody(festival, [festival.typed(bogota)[0]!.id], bogotaCounty, {
      tickets: [{ ...purchaseBody(festival, [festival.typed(bogota)[0]!.id], bogotaCounty).tickets[0]!, productVariantId: other.variants[0]!.id }],
    }));
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("variant_not_in_event");
    expect(answer.body.message).toBe("Uno de los tickets no pertenece a este evento");
  });

  it("refuses a subcategory of another province than the one chosen", async () => {
    const fromCundinamarca = festival.typed(cundinamarca)[0]!;
    const answer = await refused(purchaseBody(festival, [fromCundinamarca.id], bogotaCounty, { provinceId: bogota }));
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("variant_not_in_province");
  });

  it("refuses more passengers than the ticket's capacity", async () => {
    const single = festival.typed(bogota).find((variant) => variant.capacity === 1)!;
    const body = purchaseBody(festival, [single.id], bogotaCounty);
    body.tickets[0]!.passengers = [body.tickets[0]!.passengers[0]!, { name: "Otro", email: "otro@example.com", phone: "3009876543", passengerAddress: "Calle 5" }];
    const answer = await refused(body);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("over_capacity");
    expect(answer.body.fields).toEqual({ "tickets.0.passengers": "Un ticket tiene más pasajeros que cupos" });
  });

  it("refuses more address lines than the ticket's stops, and a ticket without any", async () => {
    const oneStop = festival.typed(bogota).find((variant) => variant.stops === 1)!;
    const body = purchaseBody(festival, [oneStop.id], bogotaCounty);
    body.tickets[0]!.addresses = [
      { address: "Calle 1", commune_id: bogotaCounty },
      { address: "Calle 2", commune_id: bogotaCounty },
    ];
    const tooMany = await refused(body);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.code).toBe("too_many_addresses");

    body.tickets[0]!.addresses = [];
    const none = await refused(body);
    expect(none.status).toBe(422);
    expect(none.body.fields?.["tickets.0.addresses"]).toBe("Agrega al menos 1 dirección");
  });

  it("takes only the fixed pick-up points of a subcategory that has them", async () => {
    const coach = festival.variants.find((variant) => variant.approaches.length > 0 && variant.provinceId === bogota)!;
    const point = coach.approaches[0]!;
    const body = purchaseBody(festival, [coach.id], point.countyId);
    body.tickets[0]!.addresses = [{ address: point.address, commune_id: point.countyId }];
    const me = await shop.buyer();
    expect((await shop.call("POST", "/shop-api/init-payment", body, { token: me.token })).status).toBe(201);

    body.tickets[0]!.addresses = [{ address: "Calle inventada 123", commune_id: point.countyId }];
    const typed = await refused(body);
    expect(typed.status).toBe(422);
    expect(typed.body.code).toBe("approach_invalid");
  });

  it("refuses a commune that is not in the chosen province", async () => {
    const single = festival.typed(bogota)[0]!;
    const elsewhere = await countyOf(shop.db, cundinamarca);
    const answer = await refused(purchaseBody(festival, [single.id], elsewhere));
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("unknown_county");
  });

  it("refuses a venue that is not the event's", async () => {
    const single = festival.typed(bogota)[0]!;
    const body = purchaseBody(festival, [single.id], bogotaCounty);
    body.tickets[0]!.placeId = festival.event.placeId + 1;
    expect((await refused(body)).body.code).toBe("place_not_in_event");
  });

  it("sells an event only on its own country's sites: from Spain's site a Colombian event is not found, and nothing is written", async () => {
    const single = festival.typed(bogota)[0]!;
    const me = await shop.buyer();
    const before = (await shop.db.select({ id: orders.id }).from(orders)).length;
    const abroad = await refused({ ...purchaseBody(festival, [single.id], bogotaCounty), url: `/es/es-es/event/${festival.event.slug}` }, me.token);
    expect([abroad.status, abroad.body.code]).toEqual([404, "not_found"]);
    expect((await shop.db.select({ id: orders.id }).from(orders)).length).toBe(before);
    // Colombia's site in English sells it.
    const english = await refused({ ...purchaseBody(festival, [single.id], bogotaCounty), url: `/co/en-us/event/${festival.event.slug}` }, me.token);
    expect(english.status).toBe(201);
  });

  it("refuses a date of another event and a date that has passed", async () => {
    const single = festival.typed(bogota)[0]!;
    const other = await eventOffer(shop.db, "noche-de-salsa-movistar-arena");
    const foreign = await refused(purchaseBody(festival, [single.id], bogotaCounty, { eventDateId: other.eventDateId }));
    expect(foreign.status).toBe(422);
    expect(["variant_not_in_event", "unknown_event_date"]).toContain(foreign.body.code);

    shop.clock.offset = 400 * 24 * 3_600_000;
    try {
      const late = await refused(purchaseBody(festival, [single.id], bogotaCounty), (await shop.buyer()).token);
      expect(late.status).toBe(422);
      expect(late.body.code).toBe("unknown_event_date");
    } finally {
      shop.clock.offset = 0;
    }
  });

  it("refuses a payment method the event's country does not offer, and prepagado on a paying event", async () => {
    const single = festival.typed(bogota)[0]!;
    const prepaid = await refused(purchaseBody(festival, [single.id], bogotaCounty, { paymentCode: "prepagado" }));
    expect(prepaid.status).toBe(422);
    expect(prepaid.body.code).toBe("payment_method_unavailable");

    const spain = await eventOffer(shop.db, await firstEventOf("ES"));
    const spanishVariant = spain.typed(spain.variants[0]!.provinceId)[0] ?? spain.variants[0]!;
    const webpayInSpain = await refused(purchaseBody(spain, [spanishVariant.id], await countyOf(shop.db, spanishVariant.provinceId), { paymentCode: "webpay" }));
    expect(webpayInSpain.status).toBe(422);
    expect(webpayInSpain.body.code).toBe("payment_method_unavailable");

    // Webpay settles Chilean pesos only: a Colombian order is refused, even where an old table row still lists it.
    await shop.db.insert(paymentMethods).values({ countryCode: "CO", code: "webpay", sortOrder: 9 }).onConflictDoNothing();
    const webpayInColombia = await refused(purchaseBody(festival, [single.id], bogotaCounty, { paymentCode: "webpay" }));
    expect(webpayInColombia.status).toBe(422);
    expect(webpayInColombia.body.code).toBe("payment_method_unavailable");
    const listed = await shop.call<{ code: string }[]>("GET", "/api/payment-methods?country-code=CO");
    expect(listed.body.data.map((method) => method.code)).not.toContain("webpay");
    await shop.db.delete(paymentMethods).where(and(eq(paymentMethods.countryCode, "CO"), eq(paymentMethods.code, "webpay")));
  });

  it("refuses a paying method on an organiser-funded event (paymentType 2)", async () => {
    const family = await eventOffer(shop.db, "dia-de-la-familia-andina-seguros");
    const variant = family.typed(family.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    for (const paymentCode of ["webpay", "mercadopago", "transferencia"] as const) {
      const answer = await refused(purchaseBody(family, [variant.id], county, { paymentCode }));
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe("prepaid_only");
    }
  });

  it("refuses a private event to someone not on its guest list", async () => {
    const wedding = await eventOffer(shop.db, "boda-camila-y-andres-q7k3vx9m");
    const variant = wedding.typed(wedding.variants[0]!.provinceId)[0]!;
    const answer = await refused(purchaseBody(wedding, [variant.id], await countyOf(shop.db, variant.provinceId)));
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe("event_not_invited");
  });

  it("answers the wizard's validation keys in the caller's language", async () => {
    const me = await shop.buyer();
    const answer = await shop.call("POST", "/shop-api/init-payment?locale=en_US", { url: "/", eventDateId: festival.eventDateId, provinceId: bogota, paymentCode: "webpay", tickets: [] }, { token: me.token });
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toEqual({ tickets: "At least 1 ticket must be selected" });
  });
});

describe("stock", () => {
  it("refuses more tickets than the live stock, and sells the last ones", async () => {
    const salsa = await eventOffer(shop.db, "noche-de-salsa-movistar-arena");
    const variant = salsa.typed(salsa.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    await setStock(variant.id, 2);
    const tooMany = await shop.call("POST", "/shop-api/init-payment", purchaseBody(salsa, [variant.id, variant.id, variant.id], county), { token: (await shop.buyer()).token });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe("stock_exhausted");
    expect(tooMany.body.message).toBe("Ya no quedan cupos suficientes para esta compra");

    const lastTwo = await shop.call("POST", "/shop-api/init-payment", purchaseBody(salsa, [variant.id, variant.id], county), { token: (await shop.buyer()).token });
    expect(lastTwo.status).toBe(201);
    const after = await shop.call<{ subCategories: { productVariantId: number; stock: number }[] }[]>(
      "GET",
      `/api/events/${salsa.event.id}/product-variant?eventDateId=${salsa.eventDateId}`,
    );
    const stock = after.body.data.flatMap((category) => category.subCategories).find((sub) => sub.productVariantId === variant.id)!.stock;
    expect(stock).toBe(0);
    const none = await shop.call("POST", "/shop-api/init-payment", purchaseBody(salsa, [variant.id], county), { token: (await shop.buyer()).token });
    expect(none.body.code).toBe("stock_exhausted");
  });

  it("gives an expired hold's seat back: the order reads expired and the seat is sold again", async () => {
    const derby = await eventOffer(shop.db, "clasico-capitalino-millonarios-santa-fe");
    const variant = derby.typed(derby.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    await setStock(variant.id, 1);
    const first = await shop.buyer();
    const held = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(derby, [variant.id], county), { token: first.token });
    expect(held.status).toBe(201);
    const second = await shop.buyer();
    expect((await shop.call("POST", "/shop-api/init-payment", purchaseBody(derby, [variant.id], county), { token: second.token })).body.code).toBe("stock_exhausted");

    shop.clock.offset = 21 * 60_000;
    try {
      const resold = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(derby, [variant.id], county), { token: second.token });
      expect(resold.status).toBe(201);
      const status = await shop.call<{ order: { paymentState: string } }>("GET", `/shop-api/order-status/${held.body.data.orderId}`, undefined, { token: first.token });
      expect(status.body.data.order.paymentState).toBe("expired");
    } finally {
      shop.clock.offset = 0;
    }
  });
});

describe("discounts", () => {
  it("answers a valid coupon with its variation and discount prices, in any letter case", async () => {
    const me = await shop.buyer();
    const answer = await shop.call<{ code: string; variation: number; productVariants: { product_variant_id: number; discount_price: number }[] }>(
      "GET",
      `/shop-api/discounts/rodamos10/event/${festival.event.id}`,
      undefined, { token: me.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.code).toBe("RODAMOS10");
    expect(answer.body.data.variation).toBe(0.1);
    const single = festival.typed(bogota)[0]!;
    expect(answer.body.data.productVariants).toContainEqual({ product_variant_id: single.id, discount_price: Math.round(single.price * 0.9) });
  });

  it("refuses a coupon of another event, an expired one and an unknown one with translated messages", async () => {
    const me = await shop.buyer();
    const other = await shop.call("GET", `/shop-api/discounts/AMIGOS15/event/${festival.event.id}`, undefined, { token: me.token });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ success: false, code: "discount_invalid", message: "El cupón no es válido para este evento" });
    const rock = await eventOffer(shop.db, "rock-al-parque");
    const expired = await shop.call("GET", `/shop-api/discounts/VENCIDO25/event/${rock.event.id}?locale=en_US`, undefined, { token: me.token });
    expect(expired.body).toMatchObject({ code: "discount_expired", message: "The coupon is not currently valid" });
    expect((await shop.call("GET", `/shop-api/discounts/NOPE/event/${festival.event.id}`, undefined, { token: me.token })).body.code).toBe("discount_invalid");
    expect((await shop.call("GET", `/shop-api/discounts/RODAMOS10/event/${festival.event.id}`)).status).toBe(401);
  });

  it("prices a purchase with its discount and refuses a coupon of another event", async () => {
    const single = festival.typed(bogota)[0]!;
    const me = await shop.buyer();
    const answer = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(festival, [single.id], bogotaCounty, { discountCode: "rodamos10" }), { token: me.token });
    expect(answer.status).toBe(201);
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, answer.body.data.orderId));
    expect(order).toMatchObject({ subtotal: single.price, total: Math.round(single.price * 0.9) });
    const detail = await shop.call<{ order: { discount: number }; tickets: { discountPrice: number }[] }>("GET", `/shop-api/order-detail/${order!.id}`, undefined, { token: me.token });
    expect(detail.body.data.order.discount).toBe(single.price - Math.round(single.price * 0.9));
    expect(detail.body.data.tickets[0]!.discountPrice).toBe(Math.round(single.price * 0.9));

    const wrong = await shop.call("POST", "/shop-api/init-payment", purchaseBody(festival, [single.id], bogotaCounty, { discountCode: "AMIGOS15" }), { token: me.token });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe("discount_invalid");
  });

  it("counts a limited coupon's use, refuses it once used up, and gives the use back when the order is cancelled", async () => {
    const flowers = await eventOffer(shop.db, "feria-de-las-flores-desfile-de-silleteros");
    const variant = flowers.typed(flowers.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    const body = purchaseBody(flowers, [variant.id], county, { discountCode: "FLORES20" });
    const first = await shop.buyer();
    const used = await shop.call<Started & { webpay_url: string; webpay_token: string }>("POST", "/shop-api/init-payment", body, { token: first.token });
    expect(used.status).toBe(201);
    const second = await shop.buyer();
    const refusedAgain = await shop.call("POST", "/shop-api/init-payment", body, { token: second.token });
    expect(refusedAgain.status).toBe(409);
    expect(refusedAgain.body.code).toBe("discount_used_up");
    expect((await shop.call("GET", `/shop-api/discounts/FLORES20/event/${flowers.event.id}`, undefined, { token: second.token })).body.code).toBe("discount_used_up");

    // The first buyer never pays: once the hold runs out, the coupon is usable again.
    shop.clock.offset = 25 * 60_000;
    try {
      const again = await shop.call("POST", "/shop-api/init-payment", body, { token: second.token });
      expect(again.status).toBe(201);
      const [discount] = await shop.db.select().from(discounts).where(and(eq(discounts.code, "FLORES20"), eq(discounts.eventId, flowers.event.id)));
      expect(discount!.timesUsed).toBe(1);
    } finally {
      shop.clock.offset = 0;
    }
  });
});

describe("one commit per sale", () => {
  it("writes the order, its seats and its started payment in one transaction: the payment row is never rewritten for its start", async () => {
    const me = await shop.buyer();
    const [single] = festival.typed(bogota);
    const answer = await shop.call<Started & { preference_id?: string }>("POST", "/shop-api/init-payment", purchaseBody(festival, [single!.id], bogotaCounty), { token: me.token });
    expect(answer.status).toBe(201);
    const [row] = await runStatement<{ same: boolean; reference: string | null; answers: { kind?: string; response?: Record<string, string> }[] }>(
      shop.db,
      `select o.xmin::text = p.xmin::text as same, p.provider_reference as reference, p.raw_answers as answers
       from orders o join payments p on p.order_id = o.id where o.id = $1`,
      [answer.body.data.orderId],
    );
    // Written by the order's own transaction (one xmin), holding what the gateway answered the buyer.
    expect(row!.same).toBe(true);
    expect(row!.reference).toBe(answer.body.data.preference_id);
    expect(row!.answers.find((entry) => entry.kind === "start")?.response).toMatchObject({ preference_id: answer.body.data.preference_id });
  });

  it("a gateway that cannot start the payment leaves nothing written: no order, no seat taken", async () => {
    const down = await openTestShop({
      env: { MERCADOPAGO_BASE_URL: "http://127.0.0.1:9", MERCADOPAGO_ACCESS_TOKEN: "unused-token", MERCADOPAGO_WEBHOOK_SECRET: "unused-webhook-secret-of-the-test" },
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const offer = await eventOffer(down.db, "festival-sonidos-de-la-sabana");
      const province = offer.variants[0]!.provinceId;
      const [single] = offer.typed(province);
      const county = await countyOf(down.db, province);
      const taken = async () => (await down.db.select({ taken: seatCounts.taken }).from(seatCounts).where(and(eq(seatCounts.productVariantId, single!.id), eq(seatCounts.eventDateId, offer.eventDateId))))[0]?.taken ?? 0;
      const before = await taken();
      const me = await down.buyer();
      const answer = await down.call("POST", "/shop-api/init-payment", purchaseBody(offer, [single!.id], county), { token: me.token });
      expect(answer.status).toBe(502);
      expect(answer.body.code).toBe("payment_gateway_unavailable");
      expect(await down.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, me.id))).toEqual([]);
      expect(await taken()).toBe(before);
    } finally {
      errors.mockRestore();
      await down.close();
    }
  });
});

/** The first bookable mass event of a country's demo catalogue. */
async function firstEventOf(country: string): Promise<string> {
  const { events } = await import("../../src/server/db/schema");
  const rows = await shop.db.select({ slug: events.slug, cancelled: events.cancelled, type: events.type }).from(events).where(eq(events.countryCode, country)).orderBy(asc(events.id));
  for (const row of rows) {
    if (row.cancelled || row.type !== 1) continue;
    const offer = await eventOffer(shop.db, row.slug).catch(() => undefined);
    if (offer) return row.slug;
  }
  throw new Error(`no bookable demo event in ${country}`);
}

/**
 * The waiting list of a sold-out subcategory: a signed-in customer joins it for N seats, reads and leaves their
 * own places; staff read every list. When seats come back (a refund, a cancellation, a hold that ran out) the first
 * in line whose seats fit gets them held and an offer mail with the wizard's link; nobody else can buy them; the
 * offer ends in a purchase, or runs out (moved clock) and passes to the next in line.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passengers, productVariants, seatCounts, tickets } from "../../src/server/db/schema";
import type { StaffWaitingList, WaitingEntry } from "../../src/shared/schemas/answers/waiting-list";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };
const HOUR = 3_600_000;

beforeAll(async () => {
  shop = await openTestShop();
  staff = await shop.buyer("staff");
});
afterAll(async () => {
  await shop?.close();
});

type Person = Awaited<ReturnType<TestShop["buyer"]>>;

/**
 * A subcategory of its own event left with `left` seats on sale for the event's first upcoming date (its stock
 * set just above what is already taken), and a way to buy it.
 */
async function line(slug: string, left = 0) {
  const offer = await eventOffer(shop.db, slug);
  const variant = offer.typed(offer.variants[0]!.provinceId).find((v) => v.capacity === 1)!;
  const county = await countyOf(shop.db, variant.provinceId);
  const [count] = await shop.db
    .select({ taken: seatCounts.taken })
    .from(seatCounts)
    .where(and(eq(seatCounts.productVariantId, variant.id), eq(seatCounts.eventDateId, offer.eventDateId)));
  await shop.db.update(productVariants).set({ stock: (count?.taken ?? 0) + left }).where(eq(productVariants.id, variant.id));
  shop.catalogueChanged();
  const where = { eventDateId: offer.eventDateId, productVariantId: variant.id };

  /** `seats` one-seat tickets by bank transfer: held unpaid, or paid once staff confirm it. */
  async function buy(person: Person, seats: number, confirm = true) {
    const answer = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", purchaseBody(offer, Array(seats).fill(variant.id), county, { paymentCode: "transferencia" }), {
      token: person.token,
    });
    if (answer.status !== 201) return { status: answer.status, code: answer.body.code, orderId: 0 };
    const orderId = answer.body.data.orderId;
    if (confirm) expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
    return { status: 201, code: "", orderId };
  }

  /** What the public offer says is on sale. */
  async function onSale() {
    const answer = await shop.call<{ subCategories: { productVariantId: number; stock: number }[] }[]>(
      "GET",
      `/api/events/${slug}/product-variant?eventDateId=${offer.eventDateId}`,
    );
    return answer.body.data.flatMap((category) => category.subCategories).find((sub) => sub.productVariantId === variant.id)!.stock;
  }

  return { offer, variant, where, buy, onSale };
}

const join = (person: Person, body: object) => shop.call<WaitingEntry>("POST", "/shop-api/waiting-list", body, { token: person.token });
const mine = async (person: Person) => (await shop.call<WaitingEntry[]>("GET", "/shop-api/waiting-list", undefined, { token: person.token })).body.data;
const staffLists = async (query = "") => {
  const answer = await shop.call<StaffWaitingList[]>("GET", `/shop-api/staff/waiting-lists${query}`, undefined, { token: staff.token });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const offerMails = async (person: Person) => (await shop.mailsTo(person.email)).filter((mail) => /^Se (liberó un cupo|liberaron cupos) para/.test(mail.subject));
const passengerIdsOf = async (orderId: number) =>
  (await shop.db.select({ id: passengers.id }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(inArray(tickets.orderId, [orderId]))).map((row) => row.id);

describe("joining, reading and leaving", () => {
  it("lets a signed-in customer join a sold-out subcategory in line order, and refuses while seats are on sale", async () => {
    const sold = await line("clasico-capitalino-millonarios-santa-fe", 1);
    const ana = await shop.buyer();
    const beto = await shop.buyer();

    // One seat is on sale: asking for it is refused, asking for two is a fair wait.
    const early = await join(ana, { ...sold.where, seats: 1 });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("waiting_list_seats_on_sale");
    expect(early.body.message).toBe("Todavía queda 1 cupo a la venta: puedes comprarlo ahora");
    expect((await sold.buy(beto, 1)).status).toBe(201);

    const first = await join(ana, { ...sold.where, seats: 2 });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ state: "waiting", seats: 2, ahead: 0, eventSlug: "clasico-capitalino-millonarios-santa-fe", offerExpiresAt: null });
    const second = await join(beto, { ...sold.where, seats: 1 });
    expect(second.body.data.ahead).toBe(1);

    const again = await join(ana, { ...sold.where, seats: 1 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("waiting_list_already_joined");
    const tooMany = await join(ana, { ...sold.where, seats: 11 });
    expect(tooMany.status).toBe(422);

    expect((await mine(ana)).map((entry) => entry.id)).toEqual([first.body.data.id]);
    const [list] = (await staffLists(`?eventId=${sold.offer.event.id}`)).filter((one) => one.productVariantId === sold.variant.id);
    expect(list!.seatsLeft).toBe(0);
    expect(list!.entries.map((entry) => [entry.email, entry.seats, entry.state])).toEqual([
      [ana.email, 2, "waiting"],
      [beto.email, 1, "waiting"],
    ]);

    // Nobody leaves another's place; the owner does.
    expect((await shop.call("DELETE", `/shop-api/waiting-list/${first.body.data.id}`, undefined, { token: beto.token })).status).toBe(404);
    const left = await shop.call<WaitingEntry>("DELETE", `/shop-api/waiting-list/${first.body.data.id}`, undefined, { token: ana.token });
    expect(left.status).toBe(200);
    expect(left.body.data.state).toBe("left");
    expect((await mine(beto))[0]!.ahead).toBe(0);
  });

  it("asks for a session, and keeps the staff's lists to staff", async () => {
    const sold = await line("clasico-capitalino-millonarios-santa-fe");
    expect((await shop.call("POST", "/shop-api/waiting-list", { ...sold.where, seats: 1 })).status).toBe(401);
    expect((await shop.call("GET", "/shop-api/waiting-list")).status).toBe(401);
    const customer = await shop.buyer();
    const refused = await shop.call("GET", "/shop-api/staff/waiting-lists", undefined, { token: customer.token });
    expect(refused.status).toBe(403);
    const unknown = await join(customer, { eventDateId: sold.where.eventDateId, productVariantId: 999999, seats: 1 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe("variant_not_in_event");
  });
});

describe("offers", () => {
  it("offers a refunded seat to the first in line whose seats fit, holds it from everyone else, and the offer is bought", async () => {
    const sold = await line("noche-vallenata-el-campin", 2);
    const buyer = await shop.buyer();
    const { orderId } = await sold.buy(buyer, 2);
    const [wantsTwo, wantsOne, other] = [await shop.buyer(), await shop.buyer(), await shop.buyer()];
    await join(wantsTwo, { ...sold.where, seats: 2 });
    const place = (await join(wantsOne, { ...sold.where, seats: 1 })).body.data;

    // Staff refund one passenger: one seat comes back, too few for the first in line, enough for the second.
    const [passengerId] = await passengerIdsOf(orderId);
    expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/refund`, { reason: "No viaja", passengerIds: [passengerId] }, { token: staff.token })).status).toBe(201);
    const mails = await offerMails(wantsOne);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Se liberó 1 cupo");
    expect(mails[0]!.links[0]).toMatch(new RegExp(`/event/noche-vallenata-el-campin\\?waitingOffer=${place.id}#booking-wizard$`));
    expect(await offerMails(wantsTwo)).toHaveLength(0);

    const [offered] = await mine(wantsOne);
    expect(offered!.state).toBe("offered");
    const holds = new Date(offered!.offerExpiresAt!).getTime() - shop.now().getTime();
    expect(holds).toBeGreaterThan(11.9 * HOUR);
    expect(holds).toBeLessThanOrEqual(12 * HOUR);

    // The seat is held: the shop shows none on sale and refuses anyone else's purchase.
    expect(await sold.onSale()).toBe(0);
    const taken = await sold.buy(other, 1, false);
    expect(taken.status).toBe(409);
    expect(taken.code).toBe("stock_exhausted");

    // The offer is honoured: its owner buys the seat held for them.
    const bought = await sold.buy(wantsOne, 1, false);
    expect(bought.status).toBe(201);
    const [after] = (await staffLists(`?eventId=${sold.offer.event.id}`)).filter((one) => one.productVariantId === sold.variant.id);
    expect(after!.entries.map((entry) => [entry.email, entry.state, entry.orderId])).toEqual([
      [wantsTwo.email, "waiting", null],
      [wantsOne.email, "booked", bought.orderId],
    ]);
    expect(await sold.onSale()).toBe(0);
  });

  it("offers the seats of a booking its buyer cancels", async () => {
    const sold = await line("festival-sonidos-de-la-sabana", 1);
    const buyer = await shop.buyer();
    const { orderId } = await sold.buy(buyer, 1);
    const waiting = await shop.buyer();
    await join(waiting, { ...sold.where, seats: 1 });

    const cancelled = await shop.call("POST", `/shop-api/orders/${orderId}/cancel`, {}, { token: buyer.token });
    expect(cancelled.status).toBe(200);
    expect(await offerMails(waiting)).toHaveLength(1);
    expect((await mine(waiting))[0]!.state).toBe("offered");
  });

  it("offers the seats of a hold that ran out", async () => {
    const sold = await line("jazz-al-parque", 1);
    const holder = await shop.buyer();
    const held = await sold.buy(holder, 1, false);
    expect(held.status).toBe(201);
    const waiting = await shop.buyer();
    expect((await join(waiting, { ...sold.where, seats: 1 })).status).toBe(201);

    shop.clock.offset = 49 * HOUR;
    try {
      // The hold has run out: its seat goes to the line, not to whoever buys first.
      const stranger = await sold.buy(await shop.buyer(), 1, false);
      expect(stranger.code).toBe("stock_exhausted");
      expect((await mine(waiting))[0]!.state).toBe("offered");
      expect(await offerMails(waiting)).toHaveLength(1);
    } finally {
      shop.clock.offset = 0;
    }
  });

  it("passes an offer that ran out unused to the next in line", async () => {
    const sold = await line("rock-al-parque", 1);
    const buyer = await shop.buyer();
    const { orderId } = await sold.buy(buyer, 1);
    const [first, second] = [await shop.buyer(), await shop.buyer()];
    await join(first, { ...sold.where, seats: 1 });
    await join(second, { ...sold.where, seats: 1 });
    await shop.call("POST", `/shop-api/staff/orders/${orderId}/refund`, { reason: "No viaja" }, { token: staff.token });
    expect(await offerMails(first)).toHaveLength(1);

    shop.clock.offset = 11 * HOUR;
    try {
      expect((await staffLists(`?eventId=${sold.offer.event.id}`))[0]!.entries.map((entry) => entry.state)).toEqual(["offered", "waiting"]);
      shop.clock.offset = 12 * HOUR + 60_000;
      const [list] = await staffLists(`?eventId=${sold.offer.event.id}`);
      expect(list!.entries.map((entry) => entry.state)).toEqual(["expired", "offered"]);
      expect(await offerMails(second)).toHaveLength(1);
      // The first in line is told, with a link back to the event's booking that holds nothing any more.
      const lapsed = (await shop.mailsTo(first.email)).filter((mail) => mail.subject.startsWith("Venció tu oferta"));
      expect(lapsed).toHaveLength(1);
      expect(lapsed[0]!.links).toEqual([expect.stringMatching(/\/event\/rock-al-parque#booking-wizard$/)]);
      // The first in line can no longer buy with the lapsed offer: the seat is the second's.
      const late = await sold.buy(first, 1, false);
      expect(late.code).toBe("stock_exhausted");
    } finally {
      shop.clock.offset = 0;
    }
  });
});

/**
 * Fairness on a seat pool's waiting lists: a seat the pool gets back goes to the first who joined any of the
 * subcategories drawing on it, not to whichever subcategory is served first; the offer mail for one seat speaks
 * of one seat; and a place that bought through its offer whose order then ended unpaid shows `lapsed`, to staff
 * and to its owner, never `booked`.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passengers, productVariants, seatPools, tickets } from "../../src/server/db/schema";
import type { StaffWaitingList, WaitingEntry } from "../../src/shared/schemas/answers/waiting-list";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

type Person = Awaited<ReturnType<TestShop["buyer"]>>;
let shop: TestShop;
let staff: Person;
let admin: Person;

beforeAll(async () => {
  shop = await openTestShop();
  [staff, admin] = await Promise.all([shop.buyer("staff"), shop.buyer("admin")]);
});
afterAll(async () => {
  await shop?.close();
});

const mine = async (person: Person) => (await shop.call<WaitingEntry[]>("GET", "/shop-api/waiting-list", undefined, { token: person.token })).body.data;
const staffEntries = async (eventId: number, variantId: number) =>
  (await shop.call<StaffWaitingList[]>("GET", `/shop-api/staff/waiting-lists?eventId=${eventId}`, undefined, { token: staff.token })).body.data.find((list) => list.productVariantId === variantId)?.entries ?? [];

/**
 * A pool of `slug`'s first upcoming date shared by two subcategories of one province, filled by one ticket of the
 * one taking more seats a ticket (`large`); answers what the test needs to join, buy, free the seat and read.
 */
async function fullPool(slug: string) {
  const offer = await eventOffer(shop.db, slug);
  const province = offer.variants.map((variant) => variant.provinceId).find((id) => offer.typed(id).length >= 2)!;
  const [one, two] = offer.typed(province);
  const [large, small] = one!.capacity >= two!.capacity ? [one!, two!] : [two!, one!];
  await shop.db.update(productVariants).set({ stock: 10_000 }).where(inArray(productVariants.id, [large.id, small.id]));
  shop.catalogueChanged();
  const name = `Vans ${slug}`;
  const created = await shop.call("POST", "/shop-api/admin/seat-pools", { eventDateId: offer.eventDateId, provinceId: province, name, seats: 10_000, variantIds: [large.id, small.id] }, { token: admin.token });
  expect(created.status).toBe(201);
  const [pool] = await shop.db.select().from(seatPools).where(and(eq(seatPools.eventDateId, offer.eventDateId), eq(seatPools.name, name)));
  const county = await countyOf(shop.db, province);
  const buy = (person: Person, variantId: number) =>
    shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", { ...purchaseBody(offer, [variantId], county, { paymentCode: "transferencia" }), eventDateId: offer.eventDateId }, { token: person.token });
  await shop.db.update(seatPools).set({ seats: pool!.taken + Math.max(1, large.capacity) }).where(eq(seatPools.id, pool!.id));
  shop.catalogueChanged();
  const sold = await buy(await shop.buyer(), large.id);
  expect(sold.status).toBe(201);
  expect((await shop.call("POST", `/shop-api/staff/orders/${sold.body.data.orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
  const join = (person: Person, variantId: number) => shop.call("POST", "/shop-api/waiting-list", { eventDateId: offer.eventDateId, productVariantId: variantId, seats: 1 }, { token: person.token });
  const freeSeat = async () => {
    const passengerRows = await shop.db.select({ id: passengers.id }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(eq(tickets.orderId, sold.body.data.orderId));
    expect((await shop.call("POST", `/shop-api/staff/orders/${sold.body.data.orderId}/refund`, { reason: "No viaja", passengerIds: passengerRows.map((passenger) => passenger.id) }, { token: staff.token })).status).toBe(201);
  };
  return { offer, large, small, buy, join, freeSeat };
}

describe(`a seat pool's waiting lists (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("offers the freed seat to the first who joined the pool, whichever subcategory they wait for", async () => {
    // Each way round: the first to join waits for the larger subcategory, then for the smaller one.
    for (const [slug, firstOn] of [
      ["festival-sonidos-de-la-sabana", "large"],
      ["jazz-al-parque", "small"],
    ] as const) {
      const pool = await fullPool(slug);
      const [firstJoined, secondJoined] = [await shop.buyer(), await shop.buyer()];
      const [firstLine, secondLine] = firstOn === "large" ? [pool.large, pool.small] : [pool.small, pool.large];
      expect((await pool.join(firstJoined, firstLine.id)).status).toBe(201);
      expect((await pool.join(secondJoined, secondLine.id)).status).toBe(201);
      await pool.freeSeat();
      expect((await mine(firstJoined))[0]!.state, slug).toBe("offered");
      expect((await mine(secondJoined))[0]!.state, slug).toBe("waiting");
    }
  });

  it("mails one seat in the singular; an unpaid purchase through the offer shows lapsed to its owner and staff", async () => {
    const pool = await fullPool("rock-al-parque");
    const [firstJoined, secondJoined] = [await shop.buyer(), await shop.buyer()];
    expect((await pool.join(firstJoined, pool.small.id)).status).toBe(201);
    expect((await pool.join(secondJoined, pool.large.id)).status).toBe(201);
    await pool.freeSeat();
    expect((await mine(firstJoined))[0]!.state).toBe("offered");

    // One seat: the mail says one seat, held for you, in the singular.
    const mail = (await shop.mailsTo(firstJoined.email)).find((one) => one.subject.startsWith("Se liberó un cupo para"))!;
    expect(mail).toBeDefined();
    expect(mail.text).toContain("Se liberó 1 cupo de");
    expect(mail.text).toContain("y lo apartamos para ti.");
    expect(mail.text).toContain("Está reservado a tu nombre");
    expect(mail.html).toContain("Reservar mi cupo");
    expect(mail.text).not.toMatch(/los apartamos|Reservar mis cupos|Están reservados/);

    // The offer is used by a purchase that is then cancelled unpaid: the place shows lapsed, not booked.
    const through = await pool.buy(firstJoined, pool.small.id);
    expect(through.status).toBe(201);
    expect((await mine(firstJoined))[0]!.state).toBe("booked");
    expect((await shop.call("POST", `/shop-api/staff/orders/${through.body.data.orderId}/cancel`, { reason: "Sin pago" }, { token: staff.token })).status).toBe(200);
    expect((await mine(firstJoined)).find((entry) => entry.productVariantId === pool.small.id)!.state).toBe("lapsed");
    const entries = await staffEntries(pool.offer.event.id, pool.small.id);
    expect(entries.find((entry) => entry.userId === firstJoined.id)!.state).toBe("lapsed");
  });
});

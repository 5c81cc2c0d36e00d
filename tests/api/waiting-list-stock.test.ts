/**
 * The waiting list on each kind of stock that can sell a date out: the subcategory's own stock, a date's own stock
 * of it, and a seat pool the subcategory draws on. Joining a sold-out line answers 201 and keeps the place; seats
 * that come back are offered in line order, never past what the date or pool still has; and a place whose offer the
 * seat counter refuses (a broken entry, made here by a test trigger) keeps waiting while everyone else is served,
 * joins and reads go on, and staff see the list. An offer that runs out is mailed to its person before the seats
 * go to the next in line. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, passengers, productVariants, seatCounts, seatPools, tickets } from "../../src/server/db/schema";
import type { StaffWaitingList, WaitingEntry } from "../../src/shared/schemas/answers/waiting-list";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };
let admin: { token: string };
const HOUR = 3_600_000;
type Person = Awaited<ReturnType<TestShop["buyer"]>>;
type Kind = "subcategory" | "date" | "pool";

beforeAll(async () => {
  shop = await openTestShop();
  [staff, admin] = await Promise.all([shop.buyer("staff"), shop.buyer("admin")]);
  // A broken entry: the seat counter refuses its offer ("refuse"), or offering it fails outright ("fail"), whatever
  // the figures say. Made by a trigger of the test's own, the way a race with another writer or a damaged row would.
  await shop.db.execute(sql`create table test_broken_entries (id int primary key, kind text not null)`);
  await shop.db.execute(sql`create function test_broken_entry() returns trigger language plpgsql as $$
    declare how text;
    begin
      select kind into how from test_broken_entries where id = new.id;
      if how = 'refuse' then perform shop_refuse('stock_exhausted'); end if;
      if how = 'fail' then raise exception 'broken waiting-list entry %', new.id; end if;
      return new;
    end $$`);
  await shop.db.execute(sql`create trigger test_broken_entry before update on waiting_list for each row when (new.state = 'offered') execute function test_broken_entry()`);
});
afterAll(async () => {
  await shop?.close();
});

const join = (person: Person, body: object) => shop.call<WaitingEntry>("POST", "/shop-api/waiting-list", body, { token: person.token });
const mine = async (person: Person) => {
  const answer = await shop.call<WaitingEntry[]>("GET", "/shop-api/waiting-list", undefined, { token: person.token });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const offerMails = async (person: Person) => (await shop.mailsTo(person.email)).filter((mail) => /^Se (liberó un cupo|liberaron cupos) para/.test(mail.subject));
const breakEntry = (id: number, kind: "refuse" | "fail") => shop.db.execute(sql`insert into test_broken_entries (id, kind) values (${id}, ${kind})`);

/**
 * A one-seat subcategory of `slug` on its first upcoming date, sold out after one purchase by the kind of stock
 * named: its own stock, the date's own stock of it (the subcategory's own stock left large), or a seat pool of the
 * date and province it draws on. Answers the line, a way to buy it and the order that sold it out.
 */
async function soldOut(slug: string, kind: Kind) {
  const offer = await eventOffer(shop.db, slug);
  const variant = offer.typed(offer.variants[0]!.provinceId).find((v) => v.capacity === 1)!;
  const county = await countyOf(shop.db, variant.provinceId);
  const [count] = await shop.db
    .select({ taken: seatCounts.taken })
    .from(seatCounts)
    .where(and(eq(seatCounts.productVariantId, variant.id), eq(seatCounts.eventDateId, offer.eventDateId)));
  const taken = count?.taken ?? 0;
  if (kind === "subcategory") {
    await shop.db.update(productVariants).set({ stock: taken + 1 }).where(eq(productVariants.id, variant.id));
    shop.catalogueChanged();
  } else {
    await shop.db.update(productVariants).set({ stock: taken + 100 }).where(eq(productVariants.id, variant.id));
    shop.catalogueChanged();
    if (kind === "date") {
      const set = await shop.call("PUT", `/shop-api/admin/variants/${variant.id}/date-stock`, { eventDateId: offer.eventDateId, stock: taken + 1 }, { token: admin.token });
      expect(set.status).toBe(200);
    } else {
      const pool = { eventDateId: offer.eventDateId, provinceId: variant.provinceId, name: "Furgonetas", seats: taken + 1, variantIds: [variant.id] };
      const created = await shop.call("POST", "/shop-api/admin/seat-pools", pool, { token: admin.token });
      expect(created.status).toBe(201);
    }
  }
  const where = { eventDateId: offer.eventDateId, productVariantId: variant.id };

  async function buy(person: Person, seats: number, confirm = true) {
    const answer = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", purchaseBody(offer, Array(seats).fill(variant.id), county, { paymentCode: "transferencia" }), {
      token: person.token,
    });
    if (answer.status !== 201) return { status: answer.status, code: answer.body.code, orderId: 0 };
    const orderId = answer.body.data.orderId;
    if (confirm) expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
    return { status: 201, code: "", orderId };
  }

  const first = await buy(await shop.buyer(), 1);
  expect(first.status).toBe(201);
  // Sold out: nobody else gets a seat.
  expect((await buy(await shop.buyer(), 1, false)).code).toBe("stock_exhausted");
  return { offer, variant, where, buy, soldOrderId: first.orderId };
}

async function refundAll(orderId: number) {
  const passengerRows = await shop.db.select({ id: passengers.id }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(inArray(tickets.orderId, [orderId]));
  const refunded = await shop.call("POST", `/shop-api/staff/orders/${orderId}/refund`, { reason: "No viaja", passengerIds: passengerRows.map((passenger) => passenger.id) }, { token: staff.token });
  expect(refunded.status).toBe(201);
}

async function staffList(eventId: number, variantId: number) {
  const answer = await shop.call<StaffWaitingList[]>("GET", `/shop-api/staff/waiting-lists?eventId=${eventId}`, undefined, { token: staff.token });
  expect(answer.status).toBe(200);
  return answer.body.data.find((list) => list.productVariantId === variantId)!;
}

const KINDS: [Kind, string][] = [
  ["subcategory", "clasico-capitalino-millonarios-santa-fe"],
  ["date", "noche-vallenata-el-campin"],
  ["pool", "festival-sonidos-de-la-sabana"],
];

describe(`the waiting list on every kind of stock (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  for (const [kind, slug] of KINDS) {
    it(`sold out by ${kind === "subcategory" ? "the subcategory's stock" : kind === "date" ? "the date's own stock" : "a seat pool"}: joins answer 201, a broken entry waits while the next is offered`, async () => {
      const line = await soldOut(slug, kind);
      const [broken, next, later] = [await shop.buyer(), await shop.buyer(), await shop.buyer()];

      const joined = await join(broken, { ...line.where, seats: 1 });
      expect(joined.status).toBe(201);
      expect(joined.body.data).toMatchObject({ state: "waiting", ahead: 0 });
      await breakEntry(joined.body.data.id, "refuse");
      const second = await join(next, { ...line.where, seats: 1 });
      expect(second.status).toBe(201);
      expect(second.body.data.ahead).toBe(1);

      // The seat comes back: the broken entry is refused by the seat counter and keeps its place; the next is offered.
      await refundAll(line.soldOrderId);
      expect(await offerMails(next)).toHaveLength(1);
      expect((await mine(next))[0]!.state).toBe("offered");
      expect((await mine(broken))[0]).toMatchObject({ state: "waiting", ahead: 0 });

      // Everyone goes on using the list: a later join keeps its place behind, staff read the whole line.
      const third = await join(later, { ...line.where, seats: 1 });
      expect(third.status).toBe(201);
      expect(third.body.data).toMatchObject({ state: "waiting", ahead: 1 });
      const list = await staffList(line.offer.event.id, line.variant.id);
      expect(list.entries.map((entry) => [entry.email, entry.state])).toEqual([
        [broken.email, "waiting"],
        [next.email, "offered"],
        [later.email, "waiting"],
      ]);
      // The offer holds the seat: nobody else buys it, and the date, pool and subcategory counts are never passed.
      expect((await line.buy(await shop.buyer(), 1, false)).code).toBe("stock_exhausted");
      if (kind === "pool") {
        const [pool] = await shop.db.select().from(seatPools).where(eq(seatPools.eventDateId, line.offer.eventDateId));
        expect(pool!.taken).toBe(pool!.seats);
      }
      const bought = await line.buy(next, 1, false);
      expect(bought.status).toBe(201);
    });
  }

  it("offers only what the pool still has: a place wanting more than the pool's free seats waits, a smaller one behind it is served", async () => {
    const line = await soldOut("jazz-al-parque", "pool");
    const [wantsTwo, wantsOne] = [await shop.buyer(), await shop.buyer()];
    expect((await join(wantsTwo, { ...line.where, seats: 2 })).status).toBe(201);
    expect((await join(wantsOne, { ...line.where, seats: 1 })).status).toBe(201);
    // The subcategory's own stock is far from sold out; only the pool's one seat comes back.
    await refundAll(line.soldOrderId);
    expect((await mine(wantsTwo))[0]!.state).toBe("waiting");
    expect((await mine(wantsOne))[0]!.state).toBe("offered");
  });

  it("a line whose offer fails outright never stops the other lines, joins or the staff's screen", async () => {
    const failing = await soldOut("clasico-paisa-nacional-medellin", "date");
    const healthy = await soldOut("electro-andes-festival", "subcategory");
    const [broken, served, joiner] = [await shop.buyer(), await shop.buyer(), await shop.buyer()];
    const place = await join(broken, { ...failing.where, seats: 1 });
    expect(place.status).toBe(201);
    await breakEntry(place.body.data.id, "fail");
    expect((await join(served, { ...healthy.where, seats: 1 })).status).toBe(201);
    await refundAll(failing.soldOrderId);
    await refundAll(healthy.soldOrderId);
    // A sweep of every list (the customer's own read) serves the healthy line and leaves the failing one waiting.
    expect((await mine(served))[0]!.state).toBe("offered");
    expect((await mine(broken))[0]!.state).toBe("waiting");
    // A seat is free on the failing line now, so a join is told to buy it; staff still read both lines.
    const late = await join(joiner, { ...failing.where, seats: 1 });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("waiting_list_seats_on_sale");
    expect((await staffList(failing.offer.event.id, failing.variant.id)).entries.map((entry) => entry.state)).toEqual(["waiting"]);
    expect((await staffList(healthy.offer.event.id, healthy.variant.id)).entries.map((entry) => entry.state)).toEqual(["offered"]);
  });

  it("mails an offer that ran out to its person, in their language, before the seats pass to the next in line", async () => {
    const line = await soldOut("colombia-vs-uruguay-eliminatorias", "date");
    const first = await shop.buyer();
    const second = await shop.buyer();
    expect((await join(first, { ...line.where, seats: 1 })).status).toBe(201);
    expect((await join(second, { ...line.where, seats: 1 })).status).toBe(201);
    await refundAll(line.soldOrderId);
    expect(await offerMails(first)).toHaveLength(1);

    shop.clock.offset = 12 * HOUR + 60_000;
    try {
      expect((await mine(second))[0]!.state).toBe("offered");
      const ended = (await shop.mailsTo(first.email)).filter((mail) => mail.subject.startsWith("Venció tu oferta"));
      expect(ended).toHaveLength(1);
      expect(ended[0]!.text).toContain("pasó a la siguiente persona de la lista");
      expect(ended[0]!.links[0]).toMatch(/\/event\/colombia-vs-uruguay-eliminatorias#booking-wizard$/);
      // Queued with the expiry itself, before the next person's offer.
      const jobs = await shop.db
        .select({ kind: outbox.kind, entryId: sql<number>`(${outbox.payload}->>'entryId')::int` })
        .from(outbox)
        .where(inArray(outbox.kind, ["waiting_list.offer", "waiting_list.offer_expired"]))
        .orderBy(asc(outbox.id));
      const [mineEnded, placeSecond] = [(await mine(first))[0]!, (await mine(second))[0]!];
      const expiredAt = jobs.findIndex((job) => job.kind === "waiting_list.offer_expired" && job.entryId === mineEnded.id);
      const offeredAt = jobs.findIndex((job) => job.kind === "waiting_list.offer" && job.entryId === placeSecond.id);
      expect(expiredAt).toBeGreaterThanOrEqual(0);
      expect(expiredAt).toBeLessThan(offeredAt);
    } finally {
      shop.clock.offset = 0;
    }
  });

  it("mails the expired offer in the person's own language", async () => {
    const line = await soldOut("feria-de-cali-salsodromo", "subcategory");
    const reader = await shop.buyer();
    await shop.db.execute(sql`update users set locale_code = 'en_US' where email = ${reader.email}`);
    expect((await join(reader, { ...line.where, seats: 1 })).status).toBe(201);
    await refundAll(line.soldOrderId);
    expect((await shop.mailsTo(reader.email)).filter((mail) => /^(A seat|Seats) came back/.test(mail.subject))).toHaveLength(1);
    shop.clock.offset = 12 * HOUR + 60_000;
    try {
      await mine(reader);
      const ended = (await shop.mailsTo(reader.email)).filter((mail) => mail.subject.startsWith("Your waiting-list offer"));
      expect(ended).toHaveLength(1);
      expect(ended[0]!.text).toContain("has gone to the next person on the list");
    } finally {
      shop.clock.offset = 0;
    }
  });
});

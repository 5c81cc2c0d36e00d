/**
 * A passenger's rating link: mailed once after the return's drop-off to each passenger who rode (not to one who
 * did not come back), one tap per score, rated once with an optional comment; refused for another passenger's id,
 * a second time, and after RATING_LINK_DAYS. The day's summary goes to the operations address once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DayReport, RatingView } from "../../src/shared/schemas/answers/day-report";
import { passengers } from "../../src/server/db/schema";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { handMadeDay } from "../helpers/hand-made-day";

let shop: TestShop;
let day: Awaited<ReturnType<typeof handMadeDay>>;
const OPERATIONS = "operaciones@example.com";
const emailOf = async (passengerId: number) => (await shop.db.select({ email: passengers.email }).from(passengers).where(eq(passengers.id, passengerId)))[0]!.email;
/** The rating invitations in a passenger's mail (their ticket mail went there too). */
const ratingMails = async (passengerId: number) => (await shop.mailsTo(await emailOf(passengerId))).filter((mail) => mail.links.some((href) => href.includes("/rate?")));
const moveTo = (when: Date) => (shop.clock.offset = when.getTime() - Date.now());

beforeAll(async () => {
  shop = await openTestShop({ env: { OPERATIONS_EMAIL: OPERATIONS, RATING_LINK_DAYS: "3" } });
  day = await handMadeDay(shop);
  // Each passenger of the day gets mail of their own, so the mail drop tells who was invited.
  for (const [key, person] of Object.entries(day.people)) await shop.db.update(passengers).set({ email: `${key}.${person.passengerId}@example.com` }).where(eq(passengers.id, person.passengerId));
});
afterAll(async () => {
  await shop?.close();
});

const tokenIn = (href: string) => new URL(href).searchParams.get("token")!;

describe("the rating invitation", () => {
  it("waits for the drop-off, then goes once to each passenger who rode, with one link per score", async () => {
    moveTo(day.at(day.R, 45));
    expect(await shop.app.sweepDayEnds()).toEqual({ invited: [], ended: [] });
    moveTo(day.at(day.R, 61));
    const swept = await shop.app.sweepDayEnds();
    expect(swept.invited.sort()).toEqual([day.people.ana.passengerId, day.people.beto.passengerId].sort());
    expect(swept.ended).toEqual([day.eventDateId]);
    expect(await shop.app.sweepDayEnds()).toEqual({ invited: [], ended: [] });

    const mails = await ratingMails(day.people.ana.passengerId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links).toHaveLength(5);
    expect(mails[0]!.links.map((href) => new URL(href).searchParams.get("score"))).toEqual(["1", "2", "3", "4", "5"]);
    expect(new URL(mails[0]!.links[0]!).pathname).toBe("/rate");
    expect(await ratingMails(day.people.carla.passengerId)).toHaveLength(0);
  });

  it("sends the day's summary to the operations address once, with the report's link", async () => {
    const mails = await shop.mailsTo(OPERATIONS);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links[0]).toContain(`/staff/day-report?eventDateId=${day.eventDateId}`);
    expect(mails[0]!.text).toContain("1 no se presentó");
  });
});

describe("the rating link", () => {
  let token: string;
  beforeAll(async () => {
    token = tokenIn((await ratingMails(day.people.ana.passengerId))[0]!.links[1]!);
  });

  it("shows the trip without signing in and takes one rating with a comment", async () => {
    const view = await shop.call<RatingView>("GET", `/shop-api/ratings/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ firstName: "Ana", score: null });
    const rated = await shop.call<RatingView>("POST", `/shop-api/ratings/${token}`, { score: 2, comment: "  El vehículo llegó tarde  " });
    expect(rated.status).toBe(200);
    expect(rated.body.data).toMatchObject({ score: 2, comment: "El vehículo llegó tarde" });
  });

  it("refuses a second rating and keeps the first", async () => {
    const again = await shop.call("POST", `/shop-api/ratings/${token}`, { score: 5 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "rating_already_given" });
    expect((await shop.call<RatingView>("GET", `/shop-api/ratings/${token}`)).body.data.score).toBe(2);
  });

  it("refuses another passenger's id under this signature, and a score out of range", async () => {
    const signature = token.split(".")[1];
    const forged = await shop.call("POST", `/shop-api/ratings/${day.people.beto.passengerId}.${signature}`, { score: 1 });
    expect(forged.status).toBe(404);
    expect(forged.body).toMatchObject({ code: "rating_link_invalid" });
    const betoToken = tokenIn((await ratingMails(day.people.beto.passengerId))[0]!.links[4]!);
    expect((await shop.call("POST", `/shop-api/ratings/${betoToken}`, { score: 6 })).status).toBe(422);
    expect((await shop.call<RatingView>("GET", `/shop-api/ratings/${betoToken}`)).body.data.score).toBeNull();
  });

  it("shows the low rating and its comment as an alert in the day's report", async () => {
    const staff = { token: (await shop.buyer("staff")).token };
    const report = (await shop.call<DayReport>("GET", `/shop-api/staff/reports/days/${day.eventDateId}`, undefined, staff)).body.data;
    expect(report.alerts).toEqual([expect.objectContaining({ passengerId: day.people.ana.passengerId, score: 2, comment: "El vehículo llegó tarde" })]);
  });

  it("ends RATING_LINK_DAYS after the invitation", async () => {
    const betoToken = tokenIn((await ratingMails(day.people.beto.passengerId))[0]!.links[4]!);
    moveTo(day.at(day.R, 61 + 3 * 24 * 60 + 1));
    const late = await shop.call("POST", `/shop-api/ratings/${betoToken}`, { score: 5 });
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ code: "rating_link_expired" });
  });
});

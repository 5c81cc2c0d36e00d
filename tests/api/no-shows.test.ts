/**
 * No-shows: the driver says the van is at the stop ("arrived"), waits NO_SHOW_WAIT_MINUTES (3 by default), and
 * only then may mark a passenger of that stop who did not come. The passenger is texted once (outbox), and the
 * order's detail (the buyer's) and the order desk (staff) show the no-show; a no-show who turns up is boarded and
 * the mark is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderDesk } from "../../src/shared/schemas/answers/order-desk";
import type { OrderDetailAnswer } from "../../src/shared/schemas/answers/orders";
import { readSmsDrop } from "../../src/server/sms/sms-drop";
import { translate } from "../../src/shared/i18n";
import { loadTicketKey } from "../../src/server/auth/ticket-key";
import { ticketQrText } from "../../src/server/services/tickets/ticket-qr";
import type { BoardingProgress } from "../../src/shared/schemas/answers/door";
import type { DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { driverRunSetting, PEOPLE } from "../helpers/driver-run";
import { insertVehiclePosition, northOf } from "../helpers/vehicle-positions";

let shop: TestShop;
let day: Awaited<ReturnType<typeof driverRunSetting>>;
type Results = { results: { nonce: string; outcome: string; code?: string }[] };
let count = 0;
const act = (action: Record<string, unknown>, token = day.driver.token) =>
  shop.call<Results>("POST", "/shop-api/driver/actions", { actions: [{ nonce: `no-show-${++count}-${Date.now()}`, runId: day.run.id, at: shop.now().toISOString(), ...action }] }, { token });
const outcome = async (action: Record<string, unknown>) => (await act(action)).body.data.results[0]!;
/** The texts sent to the phone since the setting was made (the plan's publish told each passenger their time). */
let textsBefore = new Set<string>();
const textsTo = async (phone: string) => {
  await shop.app.outbox.drain();
  const digits = phone.replace(/\D/g, "").slice(-10);
  return (await readSmsDrop(shop.env.DATA_DIR)).filter((text) => !textsBefore.has(JSON.stringify(text)) && text.to.endsWith(digits));
};

/** The van's phone reports a fix this near the stop now. */
const vehicleAt = (stop: { lat: number; lon: number }, metres = 40) => insertVehiclePosition(shop.db, { runId: day.run.id, driverId: day.driver.id, ...northOf(stop, metres), at: shop.now() });

beforeAll(async () => {
  shop = await openTestShop();
  day = await driverRunSetting(shop);
  await shop.app.outbox.drain();
  textsBefore = new Set((await readSmsDrop(shop.env.DATA_DIR)).map((text) => JSON.stringify(text)));
  day.moveTo(0);
  await vehicleAt(day.mine.stops[0]!);
});
afterAll(async () => {
  await shop?.close();
});

describe("a no-show", () => {
  it("is refused before the van is at the stop and before the wait there is over, and taken after it", async () => {
    const stop = day.mine.stops[0]!;
    const passenger = stop.passengers[0]!;
    expect(day.mine.noShowWaitMinutes).toBe(3);
    expect(stop.arrivedAt).toBeNull();
    expect(await outcome({ action: "no_show", passengerId: passenger.passengerId })).toMatchObject({ outcome: "refused", code: "no_show_too_early" });

    expect(await outcome({ action: "arrived", stopPosition: 0 })).toMatchObject({ outcome: "done" });
    expect(Math.abs(new Date((await day.myRuns())[0]!.stops[0]!.arrivedAt!).getTime() - day.at(0).getTime())).toBeLessThan(10_000);
    day.moveTo(2);
    expect(await outcome({ action: "no_show", passengerId: passenger.passengerId })).toMatchObject({ outcome: "refused", code: "no_show_too_early" });
    // Sent from the phone's clock: a no-show marked "at" 2 min 59 s after arriving is still early, even sent later.
    day.moveTo(10);
    const early = new Date(new Date((await day.myRuns())[0]!.stops[0]!.arrivedAt!).getTime() + 179_000).toISOString();
    expect(await outcome({ action: "no_show", passengerId: passenger.passengerId, at: early })).toMatchObject({ outcome: "refused", code: "no_show_too_early" });
    // Another stop's arrival does not count for this one.
    const later = day.mine.stops.find((one) => one.position > 0 && one.passengers.length > 0);
    if (later) expect(await outcome({ action: "no_show", passengerId: later.passengers[0]!.passengerId })).toMatchObject({ outcome: "refused", code: "no_show_too_early" });
    expect(await textsTo(passenger.phone)).toHaveLength(0);

    expect(await outcome({ action: "no_show", passengerId: passenger.passengerId })).toMatchObject({ outcome: "done" });
    const states = (await day.myRuns())[0]!.stops[0]!.passengers;
    expect(states.find((one) => one.passengerId === passenger.passengerId)!.state).toBe("no_show");
  });

  it("texts the passenger once, however often it is marked", async () => {
    const passenger = day.mine.stops[0]!.passengers[0]!;
    expect(await outcome({ action: "no_show", passengerId: passenger.passengerId })).toMatchObject({ outcome: "done" });
    const texts = await textsTo(passenger.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(day.mine.stops[0]!.address);
    // Nothing receives replies to the shop's texts: the text says so and never asks for one.
    expect(texts[0]!.body).toContain("no recibe respuestas");
    expect(texts[0]!.body).not.toMatch(/respondiendo|responde a/i);
    // Nobody else on the run was texted.
    for (const other of day.mine.stops.flatMap((stop) => stop.passengers).filter((one) => one.passengerId !== passenger.passengerId)) expect(await textsTo(other.phone)).toHaveLength(0);
  });

  it("shows on the buyer's order detail and on the order desk, and goes when the passenger boards after all", async () => {
    const passenger = day.mine.stops[0]!.passengers[0]!;
    const person = PEOPLE.find((one) => one.name === passenger.name)!;
    const { orderId, buyerId } = day.booked[person.key]!;
    const token = await day.buyerToken(buyerId);
    const detail = await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${orderId}`, undefined, { token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.noShows).toEqual([{ passengerId: passenger.passengerId, name: passenger.name, leg: "outbound", at: expect.any(String) }]);
    const desk = await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${orderId}`, undefined, day.staff);
    expect(desk.body.data.noShows.map((one) => one.passengerId)).toEqual([passenger.passengerId]);
    // Its message list holds the no-show text, a kind the desk says in words, never a raw key.
    const messages = desk.body.data.messages;
    expect(messages).toContainEqual(expect.objectContaining({ channel: "sms", what: "no_show_notice", leg: "outbound", sent: true, to: expect.stringContaining(passenger.name) }));
    for (const one of messages) expect(translate("es_CO", `desk.message.${one.what}`)).not.toMatch(/^desk\./);
    // Another order shows none.
    const other = Object.values(day.booked).find((one) => one.orderId !== orderId)!;
    expect((await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${other.orderId}`, undefined, { token: await day.buyerToken(other.buyerId) })).body.data.noShows).toEqual([]);

    day.moveTo(12);
    expect(await outcome({ action: "check_in", passengerId: passenger.passengerId })).toMatchObject({ outcome: "done" });
    expect((await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${orderId}`, undefined, { token })).body.data.noShows).toEqual([]);
    expect(await textsTo(passenger.phone)).toHaveLength(1);
  });

  it("\"A bordo\" lists the dispatch runs, with the driver's and the door's check-ins as one record, and the no-shows", async () => {
    const [first, second] = day.mine.stops.flatMap((stop) => stop.passengers);
    day.moveTo(20);
    const progress = async () =>
      (await shop.call<BoardingProgress>("GET", `/shop-api/staff/checkins/progress?eventDateId=${day.setting.eventDateId}&leg=outbound`, undefined, day.staff)).body.data;
    const plan = (await shop.call<DispatchPlan>("GET", `/shop-api/staff/dispatch?eventDateId=${day.setting.eventDateId}&leg=outbound`, undefined, day.staff)).body.data;
    let now = await progress();
    expect(now.planned).toBe(true);
    // One list per run of the plan holding paid passengers, in the plan's order, each with the plan's passengers.
    const withPaid = plan.runs.filter((run) => run.stops.some((stop) => stop.passengers.some((one) => one.paid)));
    expect(now.runs.filter((run) => run.runId !== null).map((run) => run.runId)).toEqual(withPaid.map((run) => run.id));
    for (const run of withPaid) expect(now.runs.find((one) => one.runId === run.id)!.expected).toBe(run.stops.flatMap((stop) => stop.passengers).filter((one) => one.paid).length);
    const mine = () => now.runs.find((run) => run.runId === day.run.id)!;
    expect(mine().checkedIn).toBe(1);
    expect(mine().missing.map((one) => one.name)).not.toContain(first!.name);
    expect(now.outbound.checkedIn).toBe(1);

    // The door scans the passenger the driver ticked: still one on board.
    const qr = ticketQrText(loadTicketKey(shop.env), first!.orderId);
    expect((await shop.call("POST", `/shop-api/order/${first!.orderId}/check-complete`, { qr, leg: "outbound" }, day.staff)).status).toBe(200);
    now = await progress();
    expect(mine().checkedIn).toBe(1);
    expect(now.outbound.checkedIn).toBe(1);

    // A no-show is listed apart from the missing.
    if (second) {
      const stopOf = day.mine.stops.find((stop) => stop.passengers.some((one) => one.passengerId === second.passengerId))!;
      // The van reaches that stop after its published time and after the driver's last action, and waits there.
      const arrival = Math.max(new Date(stopOf.time).getTime(), day.at(20).getTime()) + 60_000;
      shop.clock.offset = arrival + 5 * 60_000 - Date.now();
      await outcome({ action: "arrived", stopPosition: stopOf.position, at: new Date(arrival).toISOString() });
      await vehicleAt(stopOf);
      expect(await outcome({ action: "no_show", passengerId: second.passengerId })).toMatchObject({ outcome: "done" });
      now = await progress();
      expect(mine().noShows.map((one) => one.name)).toEqual([second.name]);
      expect(mine().missing.map((one) => one.name)).not.toContain(second.name);
    }
  });
});

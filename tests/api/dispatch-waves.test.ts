/**
 * A vehicle's two waves through every re-timing: with one two-seat car for three passengers the planner gives the
 * car two runs, the first reaching the venue early enough for the car to fetch the second. Locking the early run,
 * re-planning around it and shifting the whole leg keep each run's own time against the leg's (the early wave
 * stays early), so the car's runs never fold onto the same minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vehicles } from "../../src/server/db/schema";
import type { DispatchBoard, DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { runsSetting } from "../helpers/runs";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;
let car: number;

beforeAll(async () => {
  shop = await openTestShop();
  setting = await runsSetting(shop);
  // The province's fleet is one two-seat car.
  await shop.db.update(vehicles).set({ active: false });
  const [row] = await shop.db.insert(vehicles).values({ plate: "CAR-002", label: "Car", seats: 2, kind: "car", provinceId: setting.provinceId }).returning();
  car = row!.id;
  const county = setting.counties.find((one) => one.name === "Teusaquillo") ?? setting.counties[0]!;
  for (const [name, address] of [
    ["Ana Uno", "Calle 45 # 20-10"],
    ["Beto Dos", "Calle 53 # 22-30"],
    ["Carla Tres", "Carrera 24 # 40-15"],
  ]) {
    await setting.book({ address: address!, countyId: county.id, name: name! });
  }
}, 240_000);
afterAll(async () => {
  await shop?.close();
});

const staffCall = <T>(method: string, path: string, body?: unknown) => shop.call<T>(method, path, body, { token: setting.staff.token });
const boardOf = async () => (await staffCall<DispatchBoard>("GET", `/shop-api/staff/dispatch/board?eventDateId=${setting.eventDateId}&leg=outbound`)).body.data;
const on = (plan: DispatchPlan) => ({ eventDateId: plan.eventDateId, leg: plan.leg, version: plan.version });
const times = (board: DispatchBoard) => new Map(board.runs.map((run) => [run.id, { departs: Date.parse(run.departsAt), arrives: Date.parse(run.arrivesAt) }]));

describe("a vehicle's waves", () => {
  it("stay apart when a wave is locked, the rest re-planned and the whole leg shifted", async () => {
    const plan = (await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: "outbound" })).body.data;
    expect(plan.runs.map((run) => run.vehicle?.id)).toEqual([car, car]);
    const planned = times(await boardOf());
    const [early, late] = [...planned].sort(([, a], [, b]) => a.arrives - b.arrives);
    // The early wave is at the venue before the car leaves for the late one's first stop.
    expect(early![1].arrives).toBeLessThan(late![1].departs);

    // Locking the early wave times it again (a locked run must keep the rules as it stands): it stays early.
    const locked = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/lock", { ...on(plan), runId: early![0], locked: true });
    expect(locked.status).toBe(200);
    expect(times(await boardOf()).get(early![0])).toEqual(early![1]);

    // A re-plan keeps the locked wave where it was and plans the other around it.
    const again = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: "outbound" });
    expect(again.status).toBe(200);
    expect(times(await boardOf()).get(early![0])).toEqual(early![1]);

    // The show starts 10 minutes late: every run moves by exactly 10 minutes, the early wave still early.
    const before = times(await boardOf());
    const shifted = await staffCall("POST", "/shop-api/staff/dispatch/shift", { eventDateId: setting.eventDateId, leg: "outbound", minutes: 10 });
    expect(shifted.status).toBe(200);
    const after = times(await boardOf());
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [id, was] of before) expect(after.get(id)).toEqual({ departs: was.departs + 600_000, arrives: was.arrives + 600_000 });
    const runs = [...after.values()].sort((a, b) => a.arrives - b.arrives);
    expect(runs[0]!.arrives).toBeLessThan(runs[1]!.departs);
  });
});

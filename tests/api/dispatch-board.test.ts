/**
 * What the dispatcher sees is now: the board's stream carries the board itself (plan, waiting passengers, notes,
 * clashes) at once and after every change made anywhere (a booking paid, another dispatcher's edit), and follows a
 * run published after it opened.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DispatchBoardEvent, DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import type { LiveRun } from "../../src/shared/schemas/answers/live";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { runsSetting } from "../helpers/runs";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;

const PEOPLE = [
  { name: "Ana Usaquén", county: "Usaquén", address: "Calle 120 # 7-10" },
  { name: "Beto Usaquén", county: "Usaquén", address: "Calle 127 # 15-20" },
];

beforeAll(async () => {
  shop = await openTestShop();
  setting = await runsSetting(shop);
  for (const person of PEOPLE) {
    const county = setting.counties.find((one) => one.name === person.county)!;
    await setting.book({ address: person.address, countyId: county.id, name: person.name });
  }
}, 240_000);
afterAll(async () => {
  await shop?.close();
});

const staffCall = <T>(method: string, path: string, body?: unknown) => shop.call<T>(method, path, body, { token: setting.staff.token });
const on = (plan: { eventDateId: number; leg: string; version: number }) => ({ eventDateId: plan.eventDateId, leg: plan.leg, version: plan.version });

/** Reads a stream's events one at a time. */
function eventsOf(response: Response) {
  const reader = response.body!.getReader();
  let buffer = "";
  return {
    async next(): Promise<{ event: string; data: unknown }> {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = block.split("\n").find((line) => line.startsWith("event: "));
          const data = block.split("\n").find((line) => line.startsWith("data: "));
          if (event && data) return { event: event.slice(7), data: JSON.parse(data.slice(6)) };
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        buffer += new TextDecoder().decode(value);
      }
    },
    /** The next event of that name (others are skipped). */
    async nextOf(name: string) {
      for (;;) {
        const one = await this.next();
        if (one.event === name) return one.data;
      }
    },
    close: () => reader.cancel(),
  };
}

describe("GET /shop-api/staff/dispatch/live/events: the board's stream", () => {
  it("sends the board at once and again when a booking is paid or the plan is changed elsewhere, and follows runs published since", async () => {
    const planned = (await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: "outbound" })).body.data;
    const response = await shop.app.request(`/shop-api/staff/dispatch/live/events?eventDateId=${setting.eventDateId}&leg=outbound`, { headers: { authorization: `Bearer ${setting.staff.token}` } });
    expect(response.status).toBe(200);
    const stream = eventsOf(response);
    try {
      // At once: the board and the plan as the JSON reads answer them (not published: no run is followed yet).
      const first = (await stream.nextOf("board")) as DispatchBoardEvent;
      expect(first.plan.version).toBe(planned.version);
      expect(first.board.publishedVersion).toBeNull();
      expect(first.plan.runs.map((run) => run.id)).toEqual(planned.runs.map((run) => run.id));

      // Published elsewhere: the board says so and the stream follows the plan's runs live.
      expect((await staffCall("POST", "/shop-api/staff/dispatch/publish", on(planned))).status).toBe(200);
      await shop.app.live.tick();
      const published = (await stream.nextOf("board")) as DispatchBoardEvent;
      expect(published.board.publishedVersion).toBe(planned.version);
      const live = (await stream.nextOf("run")) as LiveRun;
      expect(planned.runs.map((run) => run.id)).toContain(live.runId);

      // A booking paid after publishing: the next board lists its passenger as waiting.
      const usaquen = setting.counties.find((one) => one.name === "Usaquén")!;
      await setting.book({ address: "Calle 140 # 12-30", countyId: usaquen.id, name: "Lola Tarde" });
      await shop.app.live.tick();
      const paid = (await stream.nextOf("board")) as DispatchBoardEvent;
      expect(paid.board.waiting.map((one) => one.name)).toEqual(["Lola Tarde"]);

      // Another dispatcher inserts her: the board shows the new version, her stop in the plan, and no one waiting.
      const inserted = await staffCall<{ runId: number; version: number }>("POST", "/shop-api/staff/dispatch/insert", { ...on(paid.plan), passengerId: paid.board.waiting[0]!.passengerId });
      expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
      await shop.app.live.tick();
      const after = (await stream.nextOf("board")) as DispatchBoardEvent;
      expect(after.plan.version).toBe(inserted.body.data.version);
      expect(after.board.waiting).toEqual([]);
      expect(after.plan.runs.flatMap((run) => run.stops.map((stop) => stop.address))).toContain("Calle 140 # 12-30");

      // Nothing changed: a tick sends no board.
      await shop.app.live.tick();
      const quiet = await Promise.race([stream.nextOf("board").then(() => "board"), new Promise((resolve) => setTimeout(() => resolve("quiet"), 300))]);
      expect(quiet).toBe("quiet");
    } finally {
      await stream.close();
    }
  });
});

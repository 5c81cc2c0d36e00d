/** The dispatcher's plan (mounted behind the staff check of staff.routes.ts, under /shop-api/staff/dispatch). */
import { Hono } from "hono";
import { callerOf, type AuthEnv } from "../../auth/bearer";
import { computePlan } from "../../services/dispatch/compute-plan";
import { dispatchBoard, dispatchOptions } from "../../services/dispatch/dispatch-board";
import { assignRun, lockRun, moveGroup, moveStop, reorderStops } from "../../services/dispatch/edit-plan";
import { loadPlan } from "../../services/dispatch/plan-store";
import { planView } from "../../services/dispatch/plan-view";
import { publishPlan } from "../../services/dispatch/publish-plan";
import { insertLate } from "../../services/dispatch/late-bookings";
import { shiftLeg } from "../../services/dispatch/shift-leg";
import { eventDay } from "../../services/dispatch/day-passengers";
import { documented } from "../contract";

const current = documented("GET /shop-api/staff/dispatch");
const board = documented("GET /shop-api/staff/dispatch/board");
const options = documented("GET /shop-api/staff/dispatch/options");
const plan = documented("POST /shop-api/staff/dispatch/plan");
const publish = documented("POST /shop-api/staff/dispatch/publish");
const moveGroupCall = documented("POST /shop-api/staff/dispatch/move-group");
const moveStopCall = documented("POST /shop-api/staff/dispatch/move-stop");
const reorder = documented("POST /shop-api/staff/dispatch/reorder");
const assign = documented("POST /shop-api/staff/dispatch/assign");
const lock = documented("POST /shop-api/staff/dispatch/lock");
const insert = documented("POST /shop-api/staff/dispatch/insert");
const shift = documented("POST /shop-api/staff/dispatch/shift");

/** Who made a change, for the audit log of every dispatch action. */
const actorOf = (c: Parameters<typeof callerOf>[0]) => {
  const caller = callerOf(c);
  return { id: caller.id, email: caller.email };
};

export const dispatchRoutes = new Hono<AuthEnv>();

dispatchRoutes.get("/", current.describe, async (c) => {
  const { eventDateId, leg } = current.query(c);
  const deps = c.get("deps");
  await eventDay(deps, eventDateId);
  return current.ok(c, await planView(deps.db, await loadPlan(deps.db, eventDateId, leg)));
});

dispatchRoutes.get("/board", board.describe, async (c) => {
  const { eventDateId, leg } = board.query(c);
  return board.ok(c, await dispatchBoard(c.get("deps"), eventDateId, leg));
});

dispatchRoutes.get("/options", options.describe, async (c) => options.ok(c, await dispatchOptions(c.get("deps"), c.get("locale"))));

dispatchRoutes.post("/plan", plan.describe, async (c) => {
  const { body: { eventDateId, leg } } = await plan.input(c);
  const deps = c.get("deps");
  return plan.ok(c, await planView(deps.db, await computePlan(deps, actorOf(c), eventDateId, leg)));
});

dispatchRoutes.post("/publish", publish.describe, async (c) => {
  const { body } = await publish.input(c);
  return publish.ok(c, await publishPlan(c.get("deps"), actorOf(c), body));
});

dispatchRoutes.post("/move-group", moveGroupCall.describe, async (c) => {
  const deps = c.get("deps");
  return moveGroupCall.ok(c, await planView(deps.db, await moveGroup(deps, actorOf(c), (await moveGroupCall.input(c)).body)));
});

dispatchRoutes.post("/move-stop", moveStopCall.describe, async (c) => {
  const deps = c.get("deps");
  return moveStopCall.ok(c, await planView(deps.db, await moveStop(deps, actorOf(c), (await moveStopCall.input(c)).body)));
});

dispatchRoutes.post("/reorder", reorder.describe, async (c) => {
  const deps = c.get("deps");
  return reorder.ok(c, await planView(deps.db, await reorderStops(deps, actorOf(c), (await reorder.input(c)).body)));
});

dispatchRoutes.post("/assign", assign.describe, async (c) => {
  const deps = c.get("deps");
  return assign.ok(c, await planView(deps.db, await assignRun(deps, actorOf(c), (await assign.input(c)).body)));
});

dispatchRoutes.post("/lock", lock.describe, async (c) => {
  const deps = c.get("deps");
  return lock.ok(c, await planView(deps.db, await lockRun(deps, actorOf(c), (await lock.input(c)).body)));
});

dispatchRoutes.post("/insert", insert.describe, async (c) => {
  const { body } = await insert.input(c);
  return insert.ok(c, await insertLate(c.get("deps"), actorOf(c), body));
});

dispatchRoutes.post("/shift", shift.describe, async (c) => {
  const { body } = await shift.input(c);
  return shift.ok(c, await shiftLeg(c.get("deps"), actorOf(c), body));
});

/**
 * /shop-api/driver/*: the driver's phone. Drivers only (staff, admins and customers get 403): the runs given to
 * the caller, the actions on them and the van's positions; a driver never reaches another driver's run.
 */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../auth/bearer";
import { requireDriver } from "../auth/role-checks";
import { applyDriverActions, driverRuns } from "../services/dispatch/driver-runs";
import { recordPositions } from "../services/dispatch/positions";
import { documented } from "./contract";

const runs = documented("GET /shop-api/driver/runs");
const actions = documented("POST /shop-api/driver/actions");
const positions = documented("POST /shop-api/driver/positions");

export const driverRoutes = new Hono<AuthEnv>();
driverRoutes.use("*", requireCaller, requireDriver);

driverRoutes.get("/runs", runs.describe, async (c) => runs.ok(c, await driverRuns(c.get("deps"), callerOf(c).id, c.get("locale"))));

driverRoutes.post("/actions", actions.describe, async (c) => {
  const { body } = await actions.input(c);
  return actions.ok(c, await applyDriverActions(c.get("deps"), callerOf(c).id, body.actions));
});

driverRoutes.post("/positions", positions.describe, async (c) => {
  const { body } = await positions.input(c);
  return positions.ok(c, await recordPositions(c.get("deps"), callerOf(c).id, body));
});

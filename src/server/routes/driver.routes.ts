/**
 * /shop-api/driver/*: the driver's phone. Drivers only (staff, admins and customers get 403): the runs given to
 * the caller, the actions on them and the van's positions; a driver never reaches another driver's run.
 */
import { Hono } from "hono";
import { callerOf, claimsFrom, requireCaller, requireToken, type AuthEnv } from "../auth/bearer";
import { loadCaller } from "../auth/caller";
import { driverOnly, requireDriver } from "../auth/role-checks";
import { applyDriverActions, driverRuns } from "../services/dispatch/driver-runs";
import { positionsCaller, recordPositions } from "../services/dispatch/positions";
import { documented } from "./contract";

const runs = documented("GET /shop-api/driver/runs");
const actions = documented("POST /shop-api/driver/actions");
const positions = documented("POST /shop-api/driver/positions");

export const driverRoutes = new Hono<AuthEnv>();

/**
 * Every van posts here every few seconds on the day: the token is checked in memory, and its user's row is read in
 * the same statement as the run (`positionsCaller`), then judged as the bearer check and `requireDriver` judge it, in
 * their order (401, then 403). Registered before the other routes' checks, which it answers without reaching.
 */
driverRoutes.post("/positions", positions.describe, requireToken, async (c) => {
  const deps = c.get("deps");
  const claims = claimsFrom(c);
  // A body that is not a batch is refused after the caller is judged, as behind the bearer check.
  const { body } = await positions.input(c).catch(async (error: unknown) => {
    driverOnly(await loadCaller(deps.db, claims));
    throw error;
  });
  const { caller, run } = await positionsCaller(deps, claims, body.runId);
  driverOnly(caller);
  return positions.ok(c, await recordPositions(deps, caller.id, body, run));
});

driverRoutes.use("*", requireCaller, requireDriver);

driverRoutes.get("/runs", runs.describe, async (c) => runs.ok(c, await driverRuns(c.get("deps"), callerOf(c).id, c.get("locale"))));

driverRoutes.post("/actions", actions.describe, async (c) => {
  const { body } = await actions.input(c);
  return actions.ok(c, await applyDriverActions(c.get("deps"), callerOf(c).id, body.actions));
});


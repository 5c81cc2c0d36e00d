/**
 * /shop-api/driver/*: the driver's phone. Drivers only (staff, admins and customers get 403): the runs given to
 * the caller and the actions on them; a driver never reaches another driver's run.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { isDriverRole } from "../../shared/domain/roles";
import { callerOf, requireCaller, type AuthEnv } from "../auth/bearer";
import { ApiError } from "../http/answer";
import { applyDriverActions, driverRuns } from "../services/dispatch/driver-runs";
import { documented } from "./contract";

const runs = documented("GET /shop-api/driver/runs");
const actions = documented("POST /shop-api/driver/actions");

const requireDriver: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!isDriverRole(callerOf(c).role)) throw new ApiError(403, "forbidden");
  await next();
};

export const driverRoutes = new Hono<AuthEnv>();
driverRoutes.use("*", requireCaller, requireDriver);

driverRoutes.get("/runs", runs.describe, async (c) => runs.ok(c, await driverRuns(c.get("deps"), callerOf(c).id, c.get("locale"))));

driverRoutes.post("/actions", actions.describe, async (c) => {
  const { body } = await actions.input(c);
  return actions.ok(c, await applyDriverActions(c.get("deps"), callerOf(c).id, body.actions));
});

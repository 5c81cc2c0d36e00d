/** Staff review of private event requests (mounted under /shop-api/staff, behind requireStaff). */
import { Hono } from "hono";
import { callerOf, type AuthEnv } from "../../auth/bearer";
import { pathId } from "../../http/path-id";
import { readJson, readQuery } from "../../http/validate";
import { rejectRequestSchema, staffRequestStateQuery } from "../../../shared/schemas/private-events";
import { approveRequest, rejectRequest, requestsUnderReview } from "../../services/private-events/review";
import { documented } from "../contract";

const list = documented("GET /shop-api/staff/event-requests");
const approve = documented("POST /shop-api/staff/event-requests/:id/approve");
const reject = documented("POST /shop-api/staff/event-requests/:id/reject");

export const staffEventRequestRoutes = new Hono<AuthEnv>();

staffEventRequestRoutes.get("/", list.describe, async (c) => {
  readQuery(c, staffRequestStateQuery);
  const deps = c.get("deps");
  return list.ok(c, await requestsUnderReview(deps.db, deps.now()));
});

staffEventRequestRoutes.post("/:id/approve", approve.describe, async (c) => {
  return approve.ok(c, await approveRequest(c.get("deps"), pathId(c.req.param("id")), { id: callerOf(c).id, email: callerOf(c).email }));
});

staffEventRequestRoutes.post("/:id/reject", reject.describe, async (c) => {
  const id = pathId(c.req.param("id"));
  const { reason } = await readJson(c, rejectRequestSchema);
  return reject.ok(c, await rejectRequest(c.get("deps").db, id, reason, { id: callerOf(c).id, email: callerOf(c).email }));
});

/** Staff review of private event requests (mounted under /shop-api/staff, behind requireStaff). */
import { Hono } from "hono";
import { callerOf, type AuthEnv } from "../../auth/bearer";
import { pathId } from "../../http/path-id";
import { approveRequest, rejectRequest, requestsUnderReview } from "../../services/private-events/review";
import { markInvoiced } from "../../services/private-events/quote";
import { documented } from "../contract";

const list = documented("GET /shop-api/staff/event-requests");
const approve = documented("POST /shop-api/staff/event-requests/:id/approve");
const reject = documented("POST /shop-api/staff/event-requests/:id/reject");
const invoiced = documented("POST /shop-api/staff/event-requests/:id/invoiced");

export const staffEventRequestRoutes = new Hono<AuthEnv>();

staffEventRequestRoutes.get("/", list.describe, async (c) => {
  const { state } = list.query(c);
  const deps = c.get("deps");
  return list.ok(c, await requestsUnderReview(deps.db, deps.now(), state));
});

staffEventRequestRoutes.post("/:id/approve", approve.describe, async (c) => {
  const id = pathId(c.req.param("id"));
  const caller = callerOf(c);
  return approve.ok(c, await approveRequest(c.get("deps"), id, (await approve.input(c)).body, { id: caller.id, email: caller.email }));
});

staffEventRequestRoutes.post("/:id/reject", reject.describe, async (c) => {
  const id = pathId(c.req.param("id"));
  const { body: { reason } } = await reject.input(c);
  const caller = callerOf(c);
  return reject.ok(c, await rejectRequest(c.get("deps"), id, reason, { id: caller.id, email: caller.email }));
});

staffEventRequestRoutes.post("/:id/invoiced", invoiced.describe, async (c) => {
  const caller = callerOf(c);
  return invoiced.ok(c, await markInvoiced(c.get("deps"), { id: caller.id, email: caller.email }, pathId(c.req.param("id"))));
});

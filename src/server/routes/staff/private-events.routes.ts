/**
 * Staff review of private events and their quotes (mounted under /shop-api/staff, behind requireStaff). The paths keep
 * the contract's `event-requests`, as the organiser's own calls do.
 */
import { Hono } from "hono";
import { callerOf, type AuthEnv } from "../../auth/bearer";
import { approvePrivateEvent, rejectPrivateEvent, privateEventsForStaff } from "../../services/private-events/review";
import { markInvoiced } from "../../services/private-events/quote";
import { documented } from "../contract";

const list = documented("GET /shop-api/staff/event-requests");
const approve = documented("POST /shop-api/staff/event-requests/:id/approve");
const reject = documented("POST /shop-api/staff/event-requests/:id/reject");
const invoiced = documented("POST /shop-api/staff/event-requests/:id/invoiced");

export const staffPrivateEventRoutes = new Hono<AuthEnv>();

staffPrivateEventRoutes.get("/", list.describe, async (c) => {
  const { state } = list.query(c);
  const deps = c.get("deps");
  return list.ok(c, await privateEventsForStaff(deps.db, deps.now(), state));
});

staffPrivateEventRoutes.post("/:id/approve", approve.describe, async (c) => {
  const id = approve.params(c).id;
  const caller = callerOf(c);
  return approve.ok(c, await approvePrivateEvent(c.get("deps"), id, (await approve.input(c)).body, { id: caller.id, email: caller.email }));
});

staffPrivateEventRoutes.post("/:id/reject", reject.describe, async (c) => {
  const id = reject.params(c).id;
  const { body: { reason } } = await reject.input(c);
  const caller = callerOf(c);
  return reject.ok(c, await rejectPrivateEvent(c.get("deps"), id, reason, { id: caller.id, email: caller.email }));
});

staffPrivateEventRoutes.post("/:id/invoiced", invoiced.describe, async (c) => {
  const caller = callerOf(c);
  return invoiced.ok(c, await markInvoiced(c.get("deps"), { id: caller.id, email: caller.email }, invoiced.params(c).id));
});

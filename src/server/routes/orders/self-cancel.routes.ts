/** The buyer cancels their own booking (bearer): GET /orders/{id}/cancellation (the terms now), POST /orders/{id}/cancel. */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { cancelOwnBooking, cancellationTerms } from "../../services/self-cancel/self-cancel";
import { documented } from "../contract";

const terms = documented("GET /shop-api/orders/:id/cancellation");
const cancel = documented("POST /shop-api/orders/:id/cancel");

export const selfCancelRoutes = new Hono<AuthEnv>();

selfCancelRoutes.get("/orders/:id/cancellation", terms.describe, requireCaller, async (c) => {
  const id = terms.params(c).id;
  const { passengerIds } = terms.query(c);
  return terms.ok(c, await cancellationTerms(c.get("deps"), callerOf(c).id, id, passengerIds));
});

selfCancelRoutes.post("/orders/:id/cancel", cancel.describe, requireCaller, async (c) => {
  const id = cancel.params(c).id;
  const { body: { passengerIds } } = await cancel.input(c);
  return cancel.ok(c, await cancelOwnBooking(c.get("deps"), callerOf(c).id, id, c.get("locale"), passengerIds));
});

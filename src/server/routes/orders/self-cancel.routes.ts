/** The buyer cancels their own booking (bearer): GET /orders/{id}/cancellation (the terms now), POST /orders/{id}/cancel. */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { cancelOwnBooking, cancellationQuote } from "../../services/self-cancel/self-cancel";
import { documented } from "../contract";

const quote = documented("GET /shop-api/orders/:id/cancellation");
const cancel = documented("POST /shop-api/orders/:id/cancel");

export const selfCancelRoutes = new Hono<AuthEnv>();

selfCancelRoutes.get("/orders/:id/cancellation", quote.describe, requireCaller, async (c) => {
  const id = quote.params(c).id;
  const { passengerIds } = quote.query(c);
  return quote.ok(c, await cancellationQuote(c.get("deps"), callerOf(c).id, id, passengerIds));
});

selfCancelRoutes.post("/orders/:id/cancel", cancel.describe, requireCaller, async (c) => {
  const id = cancel.params(c).id;
  const { body: { passengerIds } } = await cancel.input(c);
  return cancel.ok(c, await cancelOwnBooking(c.get("deps"), callerOf(c).id, id, passengerIds));
});

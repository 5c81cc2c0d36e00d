/**
 * GET /shop-api/events/{slug or id}: the signed-in variant of the event call (storefront spec section 7),
 * tried first by the event page; it lets a private event's owner and guests see it.
 */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { authKit } from "../../auth/auth-kit";
import { ApiError, ok } from "../../http/answer";
import { getEventDetail } from "../../services/catalog";

export const signedInEventRoutes = new Hono<AuthEnv>();
signedInEventRoutes.use("*", requireCaller);

signedInEventRoutes.get("/:ref", async (c) => {
  const ref = c.req.param("ref");
  if (ref.length > 200) throw new ApiError(404, "not_found");
  const deps = c.get("deps");
  return ok(c, await getEventDetail(deps.db, ref, { viewerUserId: callerOf(c).id, locale: c.get("locale"), now: authKit(deps).now() }));
});

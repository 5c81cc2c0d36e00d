/**
 * GET /shop-api/events/{slug or id}: the signed-in variant of the event call,
 * tried first by the event page; it lets a private event's owner and guests see it.
 */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { getEventDetail } from "../../services/catalogue";
import { documented } from "../contract";

const oneEvent = documented("GET /shop-api/events/:ref");

export const signedInEventRoutes = new Hono<AuthEnv>();
signedInEventRoutes.use("*", requireCaller);

signedInEventRoutes.get("/:ref", oneEvent.describe, async (c) => {
  const { ref } = oneEvent.params(c);
  const deps = c.get("deps");
  return oneEvent.ok(c, await getEventDetail(deps.db, ref, { viewerUserId: callerOf(c).id, locale: c.get("locale"), now: deps.now() }));
});

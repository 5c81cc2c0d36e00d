/**
 * /shop-api/ratings/{token}: a passenger's rating of their trip, from the signed link mailed after the return's
 * drop-off; no sign-in. Read it, or rate once.
 */
import { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { rateTrip, ratingView } from "../services/reports/ride-rating";
import { documented } from "./contract";

const read = documented("GET /shop-api/ratings/:token");
const rate = documented("POST /shop-api/ratings/:token");

export const ratingRoutes = new Hono<AppEnv>();

ratingRoutes.get("/:token", read.describe, async (c) => {
  c.header("cache-control", "no-store");
  return read.ok(c, await ratingView(c.get("deps"), read.params(c).token, c.get("locale")));
});

ratingRoutes.post("/:token", rate.describe, async (c) => {
  const { token } = rate.params(c);
  const { body } = await rate.input(c);
  return rate.ok(c, await rateTrip(c.get("deps"), token, body, c.get("locale")));
});

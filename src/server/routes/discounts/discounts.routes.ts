/**
 * GET /shop-api/discounts/{code}/event/{eventId} (bearer): the coupon's code,
 * variation and discount price per subcategory, or a translated refusal the wizard shows as a toast.
 */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { discountAnswer, findValidDiscount } from "../../services/orders/discounts";
import { documented } from "../contract";

const discount = documented("GET /shop-api/discounts/:code/event/:eventId");

export const discountRoutes = new Hono<AuthEnv>();

discountRoutes.get("/:code/event/:eventId", discount.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  const { code, eventId } = discount.params(c);
  const found = await findValidDiscount(deps.db, code, eventId, deps.now(), "coupon", callerOf(c).id);
  return discount.ok(c, discountAnswer(found));
});

/**
 * GET /shop-api/discounts/{code}/event/{eventId} (bearer; storefront spec sections 7 and 8): the coupon's code,
 * variation and discount price per subcategory, or a translated refusal the wizard shows as a toast.
 */
import { Hono } from "hono";
import { requireCaller, type AuthEnv } from "../../auth/bearer";
import { ok } from "../../http/answer";
import { parseWith } from "../../http/validate";
import { discountPathSchema } from "../../../shared/schemas/purchase";
import { discountAnswer, findValidDiscount } from "../../services/orders/discounts";

export const discountRoutes = new Hono<AuthEnv>();

discountRoutes.get("/:code/event/:eventId", requireCaller, async (c) => {
  const deps = c.get("deps");
  const { code, eventId } = parseWith(discountPathSchema, { code: c.req.param("code"), eventId: c.req.param("eventId") });
  const discount = await findValidDiscount(deps.db, code, eventId, (deps.now ?? (() => new Date()))());
  return ok(c, discountAnswer(discount));
});

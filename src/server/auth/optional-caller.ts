/**
 * Public calls that answer more to a signed-in person (a login-only private event's offer): the caller is
 * identified exactly as `requireCaller` does when a bearer token comes, and the call goes on anonymous when
 * none comes or it does not hold.
 */
import type { MiddlewareHandler } from "hono";
import { ShopError } from "../../shared/domain/shop-error";
import { bearerToken, requireCaller, type AuthEnv } from "./bearer";

export const identifyCaller: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (bearerToken(c.req.header("authorization"))) {
    try {
      await requireCaller(c, async () => {});
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
    }
  }
  await next();
};

/** The payment methods of a country, in the order the booking wizard lists them. */
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { listPaymentMethods } from "../../services/catalogue";
import { CATALOGUE_CACHE_CONTROL, cachedRead, requestKey, shareAnswer } from "../../answer-cache/cached-read";
import { documented } from "../contract";

const methods = documented("GET /api/payment-methods");

const cached = cachedRead({ route: "payment-methods", key: requestKey({ query: ["country-code"] }), cacheControl: CATALOGUE_CACHE_CONTROL });

export const paymentMethodRoutes = new Hono<AppEnv>().get("/payment-methods", methods.describe, cached, async (c) => {
  const query = methods.query(c);
  const answer = await listPaymentMethods(c.get("deps").readDb, query["country-code"]);
  // The methods a country offers depend on its currency too.
  shareAnswer(c, { areas: ["payment-methods", "geography"] });
  return methods.ok(c, answer);
});

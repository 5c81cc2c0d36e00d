/** The payment methods of a country, in the order the booking wizard lists them. */
import { Hono } from "hono";
import { countryQuerySchema } from "../../../shared/schemas/catalog";
import { ok } from "../../http/answer";
import type { AppEnv } from "../../http/context";
import { listPaymentMethods } from "../../services/catalog";
import { readCatalogQuery } from "../request";

export const paymentMethodRoutes = new Hono<AppEnv>().get("/payment-methods", async (c) => {
  const query = readCatalogQuery(c, countryQuerySchema);
  return ok(c, await listPaymentMethods(c.get("deps").db, query["country-code"]));
});

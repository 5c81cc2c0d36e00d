/** The payment methods of a country, in the order the booking wizard lists them. */
import { Hono } from "hono";
import { countryQuerySchema } from "../../../shared/schemas/catalog";
import type { AppEnv } from "../../http/context";
import { listPaymentMethods } from "../../services/catalog";
import { documented } from "../contract";
import { readCatalogQuery } from "../request";

const methods = documented("GET /api/payment-methods");

export const paymentMethodRoutes = new Hono<AppEnv>().get("/payment-methods", methods.describe, async (c) => {
  const query = readCatalogQuery(c, countryQuerySchema);
  return methods.ok(c, await listPaymentMethods(c.get("deps").db, query["country-code"]));
});

/**
 * The public forms: contact, marriage request and the about-us quote. Bodies are checked with the forms'
 * own schemas; a refusal names each field and stores nothing.
 */
import { Hono } from "hono";
import { countryQuerySchema } from "../../../shared/schemas/catalog";
import { contactSchema, marriageSchema, quoteSchema } from "../../../shared/schemas/leads";
import { ok } from "../../http/answer";
import type { AppEnv } from "../../http/context";
import { readJson } from "../../http/validate";
import { storeContactMessage, storeMarriageRequest, storeQuoteRequest } from "../../services/catalog";
import { readCatalogQuery } from "../request";

export const leadRoutes = new Hono<AppEnv>()
  .post("/contact", async (c) => {
    const { "country-code": country } = readCatalogQuery(c, countryQuerySchema);
    const body = await readJson(c, contactSchema);
    return ok(c, { id: await storeContactMessage(c.get("deps").db, country, body) }, 201);
  })
  .post("/marriage", async (c) => {
    const { "country-code": country } = readCatalogQuery(c, countryQuerySchema);
    const body = await readJson(c, marriageSchema);
    return ok(c, { id: await storeMarriageRequest(c.get("deps").db, country, body) }, 201);
  })
  .post("/quote", async (c) => {
    const { "country-code": country } = readCatalogQuery(c, countryQuerySchema);
    const body = await readJson(c, quoteSchema);
    return ok(c, { id: await storeQuoteRequest(c.get("deps").db, country, body) }, 201);
  });

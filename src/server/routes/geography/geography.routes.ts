/** Countries, languages, channels and counties. */
import { Hono } from "hono";
import { channelHostSchema, countryQuerySchema } from "../../../shared/schemas/catalog";
import { ok } from "../../http/answer";
import type { AppEnv } from "../../http/context";
import { getChannel, listCounties, listCountries, listLocales } from "../../services/catalog";
import { readCatalogQuery, readParams } from "../request";

export const geographyRoutes = new Hono<AppEnv>()
  .get("/countries", async (c) => ok(c, await listCountries(c.get("deps").db)))
  .get("/locales", async (c) => {
    const query = readCatalogQuery(c, countryQuerySchema);
    return ok(c, await listLocales(c.get("deps").db, query["country-code"]));
  })
  .get("/channels/:host", async (c) => {
    const { host } = readParams(c, channelHostSchema);
    return ok(c, await getChannel(c.get("deps").db, host));
  })
  .get("/counties", async (c) => {
    const query = readCatalogQuery(c, countryQuerySchema);
    return ok(c, await listCounties(c.get("deps").db, query["country-code"]));
  });

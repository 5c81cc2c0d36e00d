/** Countries, languages, channels and counties. */
import { Hono } from "hono";
import { channelHostSchema, countryQuerySchema } from "../../../shared/schemas/catalog";
import type { AppEnv } from "../../http/context";
import { getChannel, listCounties, listCountries, listLocales } from "../../services/catalog";
import { documented } from "../contract";
import { readCatalogQuery, readParams } from "../request";

const countries = documented("GET /api/countries");
const locales = documented("GET /api/locales");
const channel = documented("GET /api/channels/:host");
const counties = documented("GET /api/counties");

export const geographyRoutes = new Hono<AppEnv>()
  .get("/countries", countries.describe, async (c) => countries.ok(c, await listCountries(c.get("deps").db)))
  .get("/locales", locales.describe, async (c) => {
    const query = readCatalogQuery(c, countryQuerySchema);
    return locales.ok(c, await listLocales(c.get("deps").db, query["country-code"]));
  })
  .get("/channels/:host", channel.describe, async (c) => {
    const { host } = readParams(c, channelHostSchema);
    return channel.ok(c, await getChannel(c.get("deps").db, host));
  })
  .get("/counties", counties.describe, async (c) => {
    const query = readCatalogQuery(c, countryQuerySchema);
    return counties.ok(c, await listCounties(c.get("deps").db, query["country-code"]));
  });

/** Countries, languages, channels and counties, kept in the answer cache until a geography change. */
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { getChannel, listCounties, listCountries, listLocales } from "../../services/catalogue";
import { CATALOGUE_CACHE_CONTROL, cachedRead, requestKey, shareAnswer } from "../../answer-cache/cached-read";
import { documented } from "../contract";

const countries = documented("GET /api/countries");
const locales = documented("GET /api/locales");
const channel = documented("GET /api/channels/:host");
const counties = documented("GET /api/counties");

const AREAS = { areas: ["geography"] } as const;
const cached = (route: string, names: Parameters<typeof requestKey>[0] = {}) =>
  cachedRead({ route, key: requestKey(names), cacheControl: CATALOGUE_CACHE_CONTROL });

export const geographyRoutes = new Hono<AppEnv>()
  .get("/countries", countries.describe, cached("countries"), async (c) => {
    const answer = await listCountries(c.get("deps").readDb);
    shareAnswer(c, AREAS);
    return countries.ok(c, answer);
  })
  .get("/locales", locales.describe, cached("locales", { query: ["country-code"] }), async (c) => {
    const query = locales.query(c);
    const answer = await listLocales(c.get("deps").readDb, query["country-code"]);
    shareAnswer(c, AREAS);
    return locales.ok(c, answer);
  })
  .get("/channels/:host", channel.describe, cached("channel", { params: ["host"] }), async (c) => {
    const { host } = channel.params(c);
    const answer = await getChannel(c.get("deps").readDb, host);
    shareAnswer(c, AREAS);
    return channel.ok(c, answer);
  })
  .get("/counties", counties.describe, cached("counties", { query: ["country-code"] }), async (c) => {
    const query = counties.query(c);
    const answer = await listCounties(c.get("deps").readDb, query["country-code"]);
    shareAnswer(c, AREAS);
    return counties.ok(c, answer);
  });

/** Landing content: slides, community posts, partner logos. */
import { Hono } from "hono";
import { countryQuerySchema } from "../../../shared/schemas/catalog";
import { ok } from "../../http/answer";
import type { AppEnv } from "../../http/context";
import { listCommunityPosts, listLandingSlides, listPartners } from "../../services/catalog";
import { readCatalogQuery } from "../request";

export const landingRoutes = new Hono<AppEnv>()
  .get("/landing-slides", async (c) => {
    const query = readCatalogQuery(c, countryQuerySchema);
    return ok(c, await listLandingSlides(c.get("deps").db, query["country-code"], c.get("locale")));
  })
  .get("/landing-comments", async (c) => {
    const query = readCatalogQuery(c, countryQuerySchema);
    return ok(c, await listCommunityPosts(c.get("deps").db, query["country-code"]));
  })
  .get("/partners", async (c) => ok(c, await listPartners(c.get("deps").db)));

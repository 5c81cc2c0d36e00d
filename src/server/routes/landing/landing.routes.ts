/** Landing content: slides, community posts, partner logos. */
import { Hono } from "hono";
import { countryQuerySchema } from "../../../shared/schemas/catalog";
import type { AppEnv } from "../../http/context";
import { listCommunityPosts, listLandingSlides, listPartners } from "../../services/catalog";
import { documented } from "../contract";
import { readCatalogQuery } from "../request";

const slides = documented("GET /api/landing-slides");
const comments = documented("GET /api/landing-comments");
const partners = documented("GET /api/partners");

export const landingRoutes = new Hono<AppEnv>()
  .get("/landing-slides", slides.describe, async (c) => {
    const query = readCatalogQuery(c, countryQuerySchema);
    return slides.ok(c, await listLandingSlides(c.get("deps").db, query["country-code"], c.get("locale")));
  })
  .get("/landing-comments", comments.describe, async (c) => {
    const query = readCatalogQuery(c, countryQuerySchema);
    return comments.ok(c, await listCommunityPosts(c.get("deps").db, query["country-code"]));
  })
  .get("/partners", partners.describe, async (c) => partners.ok(c, await listPartners(c.get("deps").db)));

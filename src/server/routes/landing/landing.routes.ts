/** Landing content: slides, community posts, partner logos, kept in the answer cache until a content change. */
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { listCommunityPosts, listLandingSlides, listPartners } from "../../services/catalogue";
import { CATALOGUE_CACHE_CONTROL, cachedRead, requestKey, shareAnswer } from "../../answer-cache/cached-read";
import { documented } from "../contract";

const slides = documented("GET /api/landing-slides");
const comments = documented("GET /api/landing-comments");
const partners = documented("GET /api/partners");

const AREAS = { areas: ["content"] } as const;
const cached = (route: string, names: Parameters<typeof requestKey>[0] = {}) =>
  cachedRead({ route, key: requestKey(names), cacheControl: CATALOGUE_CACHE_CONTROL });

export const landingRoutes = new Hono<AppEnv>()
  .get("/landing-slides", slides.describe, cached("slides", { query: ["country-code"] }), async (c) => {
    const query = slides.query(c);
    const answer = await listLandingSlides(c.get("deps").readDb, query["country-code"], c.get("locale"));
    shareAnswer(c, AREAS);
    return slides.ok(c, answer);
  })
  .get("/landing-comments", comments.describe, cached("comments", { query: ["country-code"] }), async (c) => {
    const query = comments.query(c);
    const answer = await listCommunityPosts(c.get("deps").readDb, query["country-code"]);
    shareAnswer(c, AREAS);
    return comments.ok(c, answer);
  })
  .get("/partners", partners.describe, cached("partners"), async (c) => {
    const answer = await listPartners(c.get("deps").readDb);
    shareAnswer(c, AREAS);
    return partners.ok(c, answer);
  });

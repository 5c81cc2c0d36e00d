/**
 * Event lists, search, one event, and what it sells. Each answer is kept in the answer
 * cache (src/server/answer-cache/cached-read.ts) until the catalogue change that touches it, or the clock, moves it on.
 */
import { Hono } from "hono";
import { identifyCaller } from "../../auth/optional-caller";
import type { AuthEnv } from "../../auth/bearer";
import {
  listChangesAt,
  listEvents,
  listRecommendedEvents,
  readEventDetail,
  readEventOffer,
  readEventProvinces,
  searchEvents,
  type EventAnswerFacts,
} from "../../services/catalogue";
import type { CatalogueArea } from "../../change-feed/change-feed";
import { CATALOGUE_CACHE_CONTROL, STOCK_CACHE_CONTROL, cachedRead, requestKey, shareAnswer } from "../../answer-cache/cached-read";
import type { Context } from "hono";
import { documented } from "../contract";
import { nowOf } from "../request";

const events = documented("GET /api/events");
const recommended = documented("GET /api/recommended-events");
const search = documented("GET /api/search");
const offer = documented("GET /api/events/:id/product-variant");
const oneEvent = documented("GET /api/events/:ref");
const provinces = documented("GET /api/provinces/by-event/:id");

/** Lists show events with their venue, prices and currency: any change to events or geography may touch them. */
const LIST_AREAS: CatalogueArea[] = ["events", "geography"];
const EVENT_AREAS: CatalogueArea[] = ["events", "geography"];
const OFFER_AREAS: CatalogueArea[] = ["events", "stock", "geography"];

function cached(route: string, names: Parameters<typeof requestKey>[0], cacheControl = CATALOGUE_CACHE_CONTROL) {
  return cachedRead({ route, key: requestKey(names), cacheControl });
}

function shareEventAnswer(c: Context, areas: CatalogueArea[], facts: EventAnswerFacts) {
  if (facts.shared) shareAnswer(c, { areas, eventIds: [facts.eventId], until: facts.until });
}

export const eventRoutes = new Hono<AuthEnv>()
  .get("/events", events.describe, cached("events", { query: ["country-code", "type", "limit"] }), async (c) => {
    const query = events.query(c);
    const items = await listEvents(c.get("deps").readDb, {
      countryCode: query["country-code"],
      type: query.type,
      limit: query.limit,
      now: nowOf(c),
    });
    shareAnswer(c, { areas: LIST_AREAS, until: listChangesAt(items) });
    return events.ok(c, items);
  })
  .get("/recommended-events", recommended.describe, cached("recommended", { query: ["country-code"] }), async (c) => {
    const query = recommended.query(c);
    const items = await listRecommendedEvents(c.get("deps").readDb, { countryCode: query["country-code"], now: nowOf(c) });
    shareAnswer(c, { areas: LIST_AREAS, until: listChangesAt(items.map((item) => item.regularEvent)) });
    return recommended.ok(c, items);
  })
  .get("/search", search.describe, cached("search", { query: ["country-code", "q"] }), async (c) => {
    const query = search.query(c);
    const items = await searchEvents(c.get("deps").readDb, { q: query.q, countryCode: query["country-code"], now: nowOf(c) });
    shareAnswer(c, { areas: LIST_AREAS, until: listChangesAt(items) });
    return search.ok(c, items);
  })
  // The cache is asked before the caller is identified: only answers that are the same for every caller are kept.
  .get(
    "/events/:id/product-variant",
    offer.describe,
    cached("offer", { params: ["id"], query: ["eventDateId"] }, STOCK_CACHE_CONTROL),
    identifyCaller,
    async (c) => {
      const { id } = offer.params(c);
      const query = offer.query(c);
      const { categories, facts } = await readEventOffer(c.get("deps").readDb, { ref: id, viewerUserId: c.get("caller")?.id }, {
        eventDateId: query.eventDateId,
        locale: c.get("locale"),
        now: nowOf(c),
      });
      shareEventAnswer(c, OFFER_AREAS, facts);
      return offer.ok(c, categories);
    },
  )
  .get("/events/:ref", oneEvent.describe, cached("event", { params: ["ref"] }), async (c) => {
    const { ref } = oneEvent.params(c);
    // No caller here (the signed-in detail is /shop-api/events/{slug}): the answer is everyone's.
    const { detail, facts } = await readEventDetail(c.get("deps").readDb, ref, { locale: c.get("locale"), now: nowOf(c) });
    shareAnswer(c, { areas: EVENT_AREAS, eventIds: [facts.eventId], until: facts.until });
    return oneEvent.ok(c, detail);
  })
  .get("/provinces/by-event/:id", provinces.describe, cached("provinces", { params: ["id"] }), identifyCaller, async (c) => {
    const { id } = provinces.params(c);
    const answer = await readEventProvinces(c.get("deps").readDb, { ref: id, viewerUserId: c.get("caller")?.id }, nowOf(c));
    shareEventAnswer(c, EVENT_AREAS, answer.facts);
    return provinces.ok(c, answer.provinces);
  });

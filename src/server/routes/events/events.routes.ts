/** Event lists, search, one event, and what it sells (storefront spec section 7). */
import { Hono } from "hono";
import {
  countryQuerySchema,
  eventIdOrSlugPathSchema,
  eventRefPathSchema,
  eventsQuerySchema,
  productVariantQuerySchema,
  searchQuerySchema,
} from "../../../shared/schemas/catalog";
import { identifyCaller } from "../../auth/optional-caller";
import type { AuthEnv } from "../../auth/bearer";
import { getEventCategories, getEventDetail, getEventProvinces, listEvents, listRecommendedEvents, searchEvents } from "../../services/catalog";
import { documented } from "../contract";
import { nowOf, readCatalogQuery, readParams } from "../request";

const events = documented("GET /api/events");
const recommended = documented("GET /api/recommended-events");
const search = documented("GET /api/search");
const offer = documented("GET /api/events/:id/product-variant");
const oneEvent = documented("GET /api/events/:ref");
const provinces = documented("GET /api/provinces/by-event/:id");

export const eventRoutes = new Hono<AuthEnv>()
  .get("/events", events.describe, async (c) => {
    const query = readCatalogQuery(c, eventsQuerySchema);
    const items = await listEvents(c.get("deps").db, {
      countryCode: query["country-code"],
      type: query.type,
      limit: query.limit,
      now: nowOf(c),
    });
    return events.ok(c, items);
  })
  .get("/recommended-events", recommended.describe, async (c) => {
    const query = readCatalogQuery(c, countryQuerySchema);
    return recommended.ok(c, await listRecommendedEvents(c.get("deps").db, { countryCode: query["country-code"], now: nowOf(c) }));
  })
  .get("/search", search.describe, async (c) => {
    const query = readCatalogQuery(c, searchQuerySchema);
    return search.ok(c, await searchEvents(c.get("deps").db, { q: query.q, countryCode: query["country-code"], now: nowOf(c) }));
  })
  .get("/events/:id/product-variant", offer.describe, identifyCaller, async (c) => {
    const { id } = readParams(c, eventIdOrSlugPathSchema);
    const query = readCatalogQuery(c, productVariantQuerySchema);
    const categories = await getEventCategories(c.get("deps").db, { ref: id, viewerUserId: c.get("caller")?.id }, {
      eventDateId: query.eventDateId,
      locale: c.get("locale"),
      now: nowOf(c),
    });
    return offer.ok(c, categories);
  })
  .get("/events/:ref", oneEvent.describe, async (c) => {
    const { ref } = readParams(c, eventRefPathSchema);
    return oneEvent.ok(c, await getEventDetail(c.get("deps").db, ref, { locale: c.get("locale"), now: nowOf(c) }));
  })
  .get("/provinces/by-event/:id", provinces.describe, identifyCaller, async (c) => {
    const { id } = readParams(c, eventIdOrSlugPathSchema);
    return provinces.ok(c, await getEventProvinces(c.get("deps").db, { ref: id, viewerUserId: c.get("caller")?.id }, nowOf(c)));
  });

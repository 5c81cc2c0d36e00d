/** Event lists, search, one event, and what it sells (storefront spec section 7). */
import { Hono } from "hono";
import {
  countryQuerySchema,
  eventRefPathSchema,
  eventsQuerySchema,
  idPathSchema,
  productVariantQuerySchema,
  searchQuerySchema,
} from "../../../shared/schemas/catalog";
import { ok } from "../../http/answer";
import type { AppEnv } from "../../http/context";
import { getEventCategories, getEventDetail, getEventProvinces, listEvents, listRecommendedEvents, searchEvents } from "../../services/catalog";
import { nowOf, readCatalogQuery, readParams } from "../request";

export const eventRoutes = new Hono<AppEnv>()
  .get("/events", async (c) => {
    const query = readCatalogQuery(c, eventsQuerySchema);
    const items = await listEvents(c.get("deps").db, {
      countryCode: query["country-code"],
      type: query.type,
      limit: query.limit,
      now: nowOf(c),
    });
    return ok(c, items);
  })
  .get("/recommended-events", async (c) => {
    const query = readCatalogQuery(c, countryQuerySchema);
    return ok(c, await listRecommendedEvents(c.get("deps").db, { countryCode: query["country-code"], now: nowOf(c) }));
  })
  .get("/search", async (c) => {
    const query = readCatalogQuery(c, searchQuerySchema);
    return ok(c, await searchEvents(c.get("deps").db, { q: query.q, countryCode: query["country-code"], now: nowOf(c) }));
  })
  .get("/events/:id/product-variant", async (c) => {
    const { id } = readParams(c, idPathSchema);
    const query = readCatalogQuery(c, productVariantQuerySchema);
    const categories = await getEventCategories(c.get("deps").db, id, {
      eventDateId: query.eventDateId,
      locale: c.get("locale"),
      now: nowOf(c),
    });
    return ok(c, categories);
  })
  .get("/events/:ref", async (c) => {
    const { ref } = readParams(c, eventRefPathSchema);
    return ok(c, await getEventDetail(c.get("deps").db, ref, { locale: c.get("locale"), now: nowOf(c) }));
  })
  .get("/provinces/by-event/:id", async (c) => {
    const { id } = readParams(c, idPathSchema);
    return ok(c, await getEventProvinces(c.get("deps").db, id, nowOf(c)));
  });

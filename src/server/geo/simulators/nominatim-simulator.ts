/**
 * A local Nominatim `/search` (jsonv2 or json, `limit`, `viewbox`, `bounded`): it places any address a few hundred
 * metres from the centre of the viewbox it is bounded to (the county's centroid), at a spot fixed by a hash of the
 * query, so the same address always lands on the same spot and different ones spread out as real ones do. An
 * unbounded search finds nothing (the stand-in knows no map). Two marks in the query let tests and the demo see
 * the shop's fallbacks: `#no-result` answers an empty list, `#fail` a 503.
 */
import { Hono } from "hono";
import { parseViewbox } from "../county-area";
import type { AppEnv } from "../../http/context";

export const SIMULATED_NO_RESULT_MARK = "#no-result";
export const SIMULATED_FAILURE_MARK = "#fail";
/** The farthest the stand-in places an address from the centroid, in metres. */
export const SIMULATED_SPREAD_METRES = 400;

export function nominatimSimulator(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/search", (c) => {
    const q = (c.req.query("q") ?? "").trim();
    const format = c.req.query("format") ?? "xml";
    if (format !== "jsonv2" && format !== "json") return c.text("The stand-in speaks JSON only (format=jsonv2)", 400);
    if (q.includes(SIMULATED_FAILURE_MARK)) return c.text("Service temporarily unavailable", 503);
    const box = parseViewbox(c.req.query("viewbox"));
    if (!q || q.includes(SIMULATED_NO_RESULT_MARK) || box === null) return c.json([]);
    const centre = { lat: (box.north + box.south) / 2, lon: (box.east + box.west) / 2 };
    const hash = fnv1a(q.toLowerCase());
    const distance = (SIMULATED_SPREAD_METRES / 1000) * Math.sqrt((hash & 0xffff) / 0xffff);
    const angle = ((hash >>> 16) / 0xffff) * 2 * Math.PI;
    const lat = centre.lat + (distance / 111.32) * Math.sin(angle);
    const lon = centre.lon + (distance / (111.32 * Math.cos((centre.lat * Math.PI) / 180))) * Math.cos(angle);
    const place = {
      place_id: hash,
      licence: "Simulated data: no map was read",
      osm_type: "node",
      osm_id: hash,
      lat: lat.toFixed(7),
      lon: lon.toFixed(7),
      ...(format === "jsonv2" ? { category: "place", place_rank: 30, addresstype: "house" } : { class: "place" }),
      type: "house",
      importance: 0.1,
      name: "",
      display_name: q,
      boundingbox: [lat - 0.0001, lat + 0.0001, lon - 0.0001, lon + 0.0001].map((value) => value.toFixed(7)),
    };
    return c.json([place]);
  });
  return app;
}

/** FNV-1a, 32 bits: a small stable hash (no security role). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

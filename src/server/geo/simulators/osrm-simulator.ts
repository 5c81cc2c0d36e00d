/**
 * A local OSRM table service (`GET /table/v1/{profile}/{lon,lat;…}` with `sources`, `destinations` and
 * `annotations`), its durations computed by the shop's straight-line estimate, so a plan made through it matches
 * one made without a routing server. Like osrm-routed it refuses tables over its maximum size (`TooBig`), so the
 * adapter's blocks are exercised for real.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { estimateSeconds, straightLineKm, type TravelTimeEstimateSettings } from "../travel-time-estimate";
import type { LatLon } from "../types";

/** osrm-routed's default `--max-table-size`. */
export const SIMULATED_MAX_TABLE_SIZE = 100;

export function osrmSimulator(estimate: TravelTimeEstimateSettings): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/table/v1/:profile/:coordinates", (c) => {
    const coordinates = parseCoordinates(c.req.param("coordinates"));
    if (coordinates === null) return c.json({ code: "InvalidUrl", message: "URL string malformed" }, 400);
    const sources = parseIndexes(c.req.query("sources"), coordinates.length);
    const destinations = parseIndexes(c.req.query("destinations"), coordinates.length);
    if (sources === null || destinations === null) {
      return c.json({ code: "InvalidOptions", message: "Sources or destinations out of range" }, 400);
    }
    if (coordinates.length > SIMULATED_MAX_TABLE_SIZE) {
      return c.json({ code: "TooBig", message: "Too many table coordinates" }, 400);
    }
    const annotations = (c.req.query("annotations") ?? "duration").split(",");
    const waypoint = (index: number) => ({ hint: "", distance: 0, name: "", location: [coordinates[index]!.lon, coordinates[index]!.lat] });
    return c.json({
      code: "Ok",
      ...(annotations.includes("duration")
        ? { durations: sources.map((from) => destinations.map((to) => estimateSeconds(coordinates[from]!, coordinates[to]!, estimate))) }
        : {}),
      ...(annotations.includes("distance")
        ? {
            distances: sources.map((from) =>
              destinations.map((to) => Math.round(straightLineKm(coordinates[from]!, coordinates[to]!) * estimate.roadFactor * 1000)),
            ),
          }
        : {}),
      sources: sources.map(waypoint),
      destinations: destinations.map(waypoint),
    });
  });
  return app;
}

function parseCoordinates(value: string): LatLon[] | null {
  const pairs = value.split(";").map((pair) => pair.split(",").map(Number));
  if (pairs.length < 1) return null;
  const points: LatLon[] = [];
  for (const pair of pairs) {
    const [lon, lat] = pair as [number, number];
    if (pair.length !== 2 || !Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
    points.push({ lat, lon });
  }
  return points;
}

/** `all` or absent: every coordinate; else `i;j;…` positions. */
function parseIndexes(value: string | undefined, count: number): number[] | null {
  if (value === undefined || value === "all") return Array.from({ length: count }, (_, index) => index);
  const indexes = value.split(";").map(Number);
  return indexes.every((index) => Number.isInteger(index) && index >= 0 && index < count) ? indexes : null;
}

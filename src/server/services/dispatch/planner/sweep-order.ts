/**
 * The order in which groups are considered: by bearing around the venue (a sweep), starting just after the
 * widest empty sector so that no run straddles the place where the sweep begins and ends. Groups of one point
 * stay next to each other, so a van fills up at one place before driving to the next.
 */
import type { LatLon, PickupGroup } from "./types";

export function sweepOrder(points: readonly LatLon[], groups: readonly PickupGroup[]): PickupGroup[] {
  const venue = points[0]!;
  const cosLat = Math.cos((venue.lat * Math.PI) / 180);
  const bearing = (point: number): number => {
    const here = points[point]!;
    const angle = Math.atan2(here.lat - venue.lat, (here.lon - venue.lon) * cosLat);
    return angle < 0 ? angle + 2 * Math.PI : angle;
  };
  const byBearing = groups
    .map((group) => ({ group, angle: bearing(group.point) }))
    .sort(
      (a, b) =>
        a.angle - b.angle ||
        a.group.point - b.group.point ||
        (a.group.id < b.group.id ? -1 : a.group.id > b.group.id ? 1 : 0),
    );
  if (byBearing.length < 2) return byBearing.map((entry) => entry.group);
  let start = 0;
  let widest = byBearing[0]!.angle + 2 * Math.PI - byBearing[byBearing.length - 1]!.angle;
  for (let k = 1; k < byBearing.length; k++) {
    const gap = byBearing[k]!.angle - byBearing[k - 1]!.angle;
    if (gap > widest) {
      widest = gap;
      start = k;
    }
  }
  return [...byBearing.slice(start), ...byBearing.slice(0, start)].map((entry) => entry.group);
}

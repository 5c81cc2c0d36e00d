/**
 * The places of an event date's plan: the venue, and every pick-up address placed by the geocoder (at its
 * county's centroid when it cannot be placed, marked approximate). A county without coordinates stands at the
 * venue (approximate) so nobody is left out of the plan; the dispatcher sees the stop flagged.
 */
import type { ShopContext } from "../../context";
import type { GeocodeResult, LatLon } from "../../geo";
import type { CountyPlace, EventDay, PassengerGroup } from "./day-passengers";
import { placesOf } from "./travel-times";

export interface StopPlace extends GeocodeResult {
  key: string;
  address: string;
  countyId: number | null;
}

const withCoordinates = (county: CountyPlace | null): county is CountyPlace & { lat: number; lon: number } => county !== null && county.lat !== null && county.lon !== null;

function countyOf(county: CountyPlace & { lat: number; lon: number }) {
  return { name: county.name, province: county.province, country: county.country, lat: county.lat, lon: county.lon };
}

export async function venuePlace(deps: ShopContext, day: EventDay, around: readonly LatLon[] = []): Promise<LatLon> {
  const county = day.venue.county;
  if (withCoordinates(county)) {
    const [place] = await placesOf(deps, [{ address: day.venue.address, county: countyOf(county) }]);
    return { lat: place!.lat, lon: place!.lon };
  }
  if (around.length === 0) return { lat: 0, lon: 0 };
  return { lat: around.reduce((sum, point) => sum + point.lat, 0) / around.length, lon: around.reduce((sum, point) => sum + point.lon, 0) / around.length };
}

/** One place per distinct stop key of the groups, in first-seen order. */
export async function stopPlaces(deps: ShopContext, day: EventDay, groups: readonly PassengerGroup[]): Promise<{ venue: LatLon; stops: StopPlace[] }> {
  const distinct = new Map<string, PassengerGroup>();
  for (const group of groups) if (!distinct.has(group.stopKey)) distinct.set(group.stopKey, group);
  const located = [...distinct.values()].filter((group) => withCoordinates(group.county));
  const found = await placesOf(
    deps,
    located.map((group) => ({ address: group.address, county: countyOf(group.county as CountyPlace & { lat: number; lon: number }) })),
  );
  const byKey = new Map(located.map((group, index) => [group.stopKey, found[index]!]));
  const venue = await venuePlace(deps, day, found);
  const stops = [...distinct.values()].map((group) => ({
    key: group.stopKey,
    address: group.address,
    countyId: group.county?.id ?? null,
    ...(byKey.get(group.stopKey) ?? { ...venue, approximate: true }),
  }));
  return { venue, stops };
}

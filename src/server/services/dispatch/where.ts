/**
 * Where the plan's places are and how long it takes to drive between them, through the shop's geo ports.
 * INTERIM until the geo ports land: each address at its county's centroid (approximate) and straight-line
 * driving times; the dispatch service only calls `placesOf` and `travelSeconds`.
 */
import type { ShopContext } from "../../context";

export interface PlaceQuery {
  address: string;
  county: { name: string; province: string; country: string; lat: number; lon: number };
}

export interface Place {
  lat: number;
  lon: number;
  approximate: boolean;
}

export async function placesOf(_deps: ShopContext, queries: readonly PlaceQuery[]): Promise<Place[]> {
  return queries.map((query) => ({ lat: query.county.lat, lon: query.county.lon, approximate: true }));
}

const EARTH_KM = 6371;

function kmBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

export async function travelSeconds(_deps: ShopContext, points: readonly { lat: number; lon: number }[]): Promise<number[][]> {
  return points.map((from) => points.map((to) => Math.round(((kmBetween(from, to) * 1.3) / 30) * 3600)));
}

/**
 * A generated event day in and around Bogotá for the planner's tests and `bench:dispatch`: passengers in groups
 * of one to four, each group at its own address a few hundred metres from its county's centroid (as the
 * geocoder stand-in places them), spread over up to 30 counties (Bogotá's urban localidades and the
 * municipalities around it, weighted roughly by population), travel times by the straight-line estimate.
 * Deterministic: the same seed gives the same day.
 */
import { DEFAULT_TRAVEL_TIME_ESTIMATE, estimateMatrix } from "../geo/travel-time-estimate";
import { DEFAULT_PLAN_SETTINGS } from "../services/dispatch/planner/default-settings";
import type { LatLon, PickupGroup, PlanInput, PlanSettings, PlanVehicle } from "../services/dispatch/planner/types";
import { LEG, type Leg } from "../../shared/domain/legs";
import { NEED } from "../../shared/domain/needs";

/** Movistar Arena, Bogotá. */
export const SAMPLE_VENUE: LatLon = { lat: 4.6486, lon: -74.0775 };

/** Centroids (public gazetteer figures, rounded) and a rough weight for how many passengers live there. */
export const SAMPLE_COUNTIES: readonly { name: string; lat: number; lon: number; weight: number }[] = [
  { name: "Usaquén", lat: 4.703, lon: -74.03, weight: 6 },
  { name: "Chapinero", lat: 4.645, lon: -74.06, weight: 3 },
  { name: "Santa Fe", lat: 4.605, lon: -74.07, weight: 2 },
  { name: "San Cristóbal", lat: 4.57, lon: -74.085, weight: 4 },
  { name: "Usme", lat: 4.503, lon: -74.11, weight: 4 },
  { name: "Tunjuelito", lat: 4.575, lon: -74.135, weight: 2 },
  { name: "Bosa", lat: 4.618, lon: -74.19, weight: 8 },
  { name: "Kennedy", lat: 4.628, lon: -74.155, weight: 12 },
  { name: "Fontibón", lat: 4.678, lon: -74.145, weight: 5 },
  { name: "Engativá", lat: 4.705, lon: -74.11, weight: 10 },
  { name: "Suba", lat: 4.741, lon: -74.084, weight: 13 },
  { name: "Barrios Unidos", lat: 4.668, lon: -74.075, weight: 3 },
  { name: "Teusaquillo", lat: 4.64, lon: -74.09, weight: 2 },
  { name: "Los Mártires", lat: 4.605, lon: -74.09, weight: 1 },
  { name: "Antonio Nariño", lat: 4.59, lon: -74.1, weight: 1 },
  { name: "Puente Aranda", lat: 4.615, lon: -74.115, weight: 3 },
  { name: "La Candelaria", lat: 4.597, lon: -74.072, weight: 1 },
  { name: "Rafael Uribe Uribe", lat: 4.57, lon: -74.115, weight: 4 },
  { name: "Ciudad Bolívar", lat: 4.55, lon: -74.15, weight: 8 },
  { name: "Soacha", lat: 4.5794, lon: -74.2168, weight: 6 },
  { name: "Chía", lat: 4.8617, lon: -74.0322, weight: 2 },
  { name: "Cota", lat: 4.8094, lon: -74.1031, weight: 1 },
  { name: "Funza", lat: 4.7163, lon: -74.2117, weight: 1 },
  { name: "Mosquera", lat: 4.7059, lon: -74.2302, weight: 1 },
  { name: "Madrid", lat: 4.7325, lon: -74.2642, weight: 1 },
  { name: "Cajicá", lat: 4.9185, lon: -74.028, weight: 1 },
  { name: "La Calera", lat: 4.7217, lon: -73.968, weight: 1 },
  { name: "Sibaté", lat: 4.4908, lon: -74.2597, weight: 1 },
  { name: "Tocancipá", lat: 4.965, lon: -73.913, weight: 1 },
  { name: "Zipaquirá", lat: 5.0221, lon: -73.9948, weight: 1 },
];

export { DEFAULT_PLAN_SETTINGS };

/** A demo-like fleet: mostly 15-seat vans, some 19-seat minibuses, a few 40-seat buses and 4-seat cars. */
export function sampleFleet(passengers: number): PlanVehicle[] {
  const vans = Math.ceil((passengers * 0.9) / 15);
  const minibuses = Math.ceil((passengers * 0.12) / 19);
  const buses = Math.ceil((passengers * 0.06) / 40);
  const cars = Math.ceil((passengers * 0.02) / 4);
  const fleet: PlanVehicle[] = [];
  const add = (count: number, seats: number) => {
    for (let k = 0; k < count; k++) fleet.push({ id: fleet.length + 1, seats });
  };
  add(vans, 15);
  add(minibuses, 19);
  add(buses, 40);
  add(cars, 4);
  return fleet;
}

export interface SampleDayOptions {
  passengers: number;
  /** How many counties passengers live in: the first of `SAMPLE_COUNTIES` (default all of them), or see `pickCounties`. */
  counties?: number;
  /** Those counties drawn at random from all of `SAMPLE_COUNTIES` instead of the first ones (default false). */
  pickCounties?: boolean;
  seed?: number;
  leg?: Leg;
  vehicles?: PlanVehicle[];
  settings?: Partial<PlanSettings>;
  /** Every address at its county's centroid, as the shop places them without a geocoder (default false). */
  atCentroids?: boolean;
}

export function sampleDay(options: SampleDayOptions): PlanInput {
  const random = mulberry32(options.seed ?? 17);
  const counties = options.pickCounties
    ? drawn(SAMPLE_COUNTIES, options.counties ?? SAMPLE_COUNTIES.length, random)
    : SAMPLE_COUNTIES.slice(0, options.counties ?? SAMPLE_COUNTIES.length);
  const totalWeight = counties.reduce((sum, county) => sum + county.weight, 0);
  const points: LatLon[] = [SAMPLE_VENUE, ...(options.atCentroids ? counties.map(({ lat, lon }) => ({ lat, lon })) : [])];
  const groups: PickupGroup[] = [];
  let passengerId = 1;
  while (passengerId <= options.passengers) {
    let pick = random() * totalWeight;
    const county = counties.find((candidate) => (pick -= candidate.weight) < 0) ?? counties[counties.length - 1]!;
    const size = Math.min(pickGroupSize(random()), options.passengers - passengerId + 1);
    // Up to about 600 m from the centroid, as the geocoder stand-in places addresses.
    const distanceKm = 0.6 * Math.sqrt(random());
    const angle = random() * 2 * Math.PI;
    let point: number;
    if (options.atCentroids) {
      point = 1 + counties.indexOf(county);
    } else {
      points.push({
        lat: county.lat + (distanceKm / 111.32) * Math.sin(angle),
        lon: county.lon + (distanceKm / (111.32 * Math.cos((county.lat * Math.PI) / 180))) * Math.cos(angle),
      });
      point = points.length - 1;
    }
    const passengerIds = Array.from({ length: size }, (_, k) => passengerId + k);
    groups.push({ id: `t${groups.length + 1}`, passengerIds, seats: size, point });
    passengerId += size;
  }
  return {
    leg: options.leg ?? LEG.outbound,
    anchor: new Date("2026-12-05T19:00:00Z"),
    points,
    seconds: estimateMatrix(points, DEFAULT_TRAVEL_TIME_ESTIMATE),
    groups,
    vehicles: options.vehicles ?? sampleFleet(options.passengers),
    locked: [],
    settings: { ...DEFAULT_PLAN_SETTINGS, ...options.settings },
  };
}

/** `count` of `values` drawn at random, each once, in the order of `values`. */
function drawn<T>(values: readonly T[], count: number, random: () => number): T[] {
  const indexes = values.map((_, k) => k);
  for (let k = indexes.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [indexes[k], indexes[j]] = [indexes[j]!, indexes[k]!];
  }
  return indexes
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((k) => values[k]!);
}

/**
 * A small day with one group in a wheelchair, for the rule that a plan must be able to run: 20 to 34 passengers
 * from 4 to 9 counties drawn at random (some beyond Bogotá), two 15-seat vans and a 10-seat wheelchair van. The
 * same seed and leg, the same day.
 */
export function wheelchairDay(seed: number, leg: Leg, settings: Partial<PlanSettings> = {}): PlanInput {
  const random = mulberry32(seed * 104_729);
  const passengers = 20 + Math.floor(random() * 15);
  const counties = 4 + Math.floor(random() * 6);
  const day = sampleDay({
    passengers,
    counties,
    pickCounties: true,
    seed,
    leg,
    vehicles: [
      { id: 1, seats: 15 },
      { id: 2, seats: 15 },
      { id: 3, seats: 10, carries: [NEED.wheelchair] },
    ],
    settings,
  });
  day.groups[Math.floor(random() * day.groups.length)]!.needs = [NEED.wheelchair];
  return day;
}

function pickGroupSize(value: number): number {
  if (value < 0.4) return 1;
  if (value < 0.7) return 2;
  if (value < 0.85) return 3;
  return 4;
}

/** A small seeded pseudo-random generator (mulberry32): the same seed, the same numbers. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

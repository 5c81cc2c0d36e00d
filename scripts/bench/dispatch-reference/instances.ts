/**
 * The reference bench's small instances: seeded, 10 to 30 stops each (one group of 1–4 passengers per stop, each
 * stop its own address within 1.5 km of its county's centre, as the geocoder's stand-in places them), of three
 * kinds: a dense city (Bogotá's localidades around the venue), spread-out towns (municipalities of Cundinamarca,
 * Girardot and Fusagasugá among them, beyond the ride limit), and mixed; each for both legs, with the demo's
 * Colombian fleet; then the same kinds with fleets the planner was not tuned on (needs on board, small vehicles,
 * a mixed fleet). Travel times are the straight-line estimate the shop uses without a routing server.
 */
import { DEMO_FLEET } from "../../../src/server/seed/fleet";
import { DEFAULT_TRAVEL_TIME_ESTIMATE, estimateMatrix } from "../../../src/server/geo/travel-time-estimate";
import { DEFAULT_PLAN_SETTINGS } from "../../../src/server/services/dispatch/planner";
import type { LatLon, PickupGroup, PlanInput, PlanVehicle } from "../../../src/server/services/dispatch/planner/types";
import { LEGS } from "../../../src/shared/domain/legs";

/** Movistar Arena, Bogotá. */
const VENUE: LatLon = { lat: 4.6486, lon: -74.0775 };

type Place = readonly [name: string, lat: number, lon: number];

const CITY: readonly Place[] = [
  ["Usaquén", 4.703, -74.03],
  ["Chapinero", 4.645, -74.06],
  ["Suba", 4.741, -74.084],
  ["Engativá", 4.705, -74.11],
  ["Kennedy", 4.628, -74.155],
  ["Teusaquillo", 4.64, -74.09],
];

const TOWNS: readonly Place[] = [
  ["Girardot", 4.3032, -74.8031],
  ["Fusagasugá", 4.3365, -74.3638],
  ["Zipaquirá", 5.0221, -73.9948],
  ["Facatativá", 4.8137, -74.3545],
  ["Chía", 4.8617, -74.0322],
  ["Soacha", 4.5794, -74.2168],
  ["Madrid", 4.7325, -74.2642],
  ["Tocancipá", 4.965, -73.913],
  ["La Calera", 4.7217, -73.968],
  ["Sibaté", 4.4908, -74.2597],
  ["Villeta", 5.0128, -74.4731],
  ["Cajicá", 4.9185, -74.028],
];

export type InstanceKind = "city" | "towns" | "mixed";

export interface ReferenceInstance {
  name: string;
  input: PlanInput;
}

/** The demo fleet of Colombia (six 15-seat vans and the 25-seat minibus). */
export function demoFleet(): PlanVehicle[] {
  return DEMO_FLEET.filter((vehicle) => vehicle.country === "CO").map((vehicle, index) => ({ id: index + 1, seats: vehicle.seats }));
}

/** Stops per kind: a dense city's routes are many more for the same stops (every subset is within the limit). */
const SIZES: Record<InstanceKind, readonly number[]> = { city: [10, 12, 14], towns: [18, 24, 30], mixed: [14, 17, 20] };

/**
 * Fleets the planner was not tuned on: one with a 10-seat wheelchair van beside two plain vans (one group of the
 * day in a wheelchair), one of small vehicles only (4-seat cars, 7-seat vans), and a mixed one (a car, a 7-seat
 * van, vans of 15, a minibus of 19 carrying a child seat; one group with a child).
 */
const OTHER_FLEETS: readonly { name: string; kind: InstanceKind; stops: number; fleet: PlanVehicle[]; needs?: PickupGroup["needs"] }[] = [
  { name: "wheelchair", kind: "city", stops: 12, fleet: [{ id: 1, seats: 15 }, { id: 2, seats: 15 }, { id: 3, seats: 10, carries: ["wheelchair"] }], needs: ["wheelchair"] },
  { name: "small", kind: "city", stops: 10, fleet: [1, 2, 3, 4, 5, 6].map((id) => ({ id, seats: 4 })).concat([7, 8, 9].map((id) => ({ id, seats: 7 }))) },
  {
    name: "mixedfleet",
    kind: "mixed",
    stops: 14,
    fleet: [{ id: 1, seats: 4 }, { id: 2, seats: 7 }, { id: 3, seats: 15 }, { id: 4, seats: 15 }, { id: 5, seats: 15 }, { id: 6, seats: 19, carries: ["child_seat"] }],
    needs: ["child_seat"],
  },
];

/**
 * `count` instances (default all, 30) in a fixed order: every kind and size for both legs with the demo fleet
 * (18), then the other fleets for both legs, twice each (12).
 */
export function referenceInstances(count?: number): ReferenceInstance[] {
  const all: ReferenceInstance[] = [];
  let seed = 1;
  for (const size of [0, 1, 2]) {
    for (const kind of ["city", "towns", "mixed"] as const) {
      for (const leg of LEGS) {
        const stops = SIZES[kind][size]!;
        all.push({ name: `${kind}-${stops}-${leg}`, input: instance(kind, stops, leg, seed++) });
      }
    }
  }
  for (const round of [1, 2]) {
    for (const other of OTHER_FLEETS) {
      for (const leg of LEGS) {
        const input = instance(other.kind, other.stops, leg, seed++, other.fleet);
        if (other.needs) input.groups[(seed * 5) % input.groups.length]!.needs = [...other.needs];
        // A small fleet's "vehicle needed" runs are as large as its largest vehicle.
        input.settings.fallbackSeats = Math.max(...other.fleet.map((vehicle) => vehicle.seats));
        all.push({ name: `${other.name}${round}-${other.stops}-${leg}`, input });
      }
    }
  }
  return all.slice(0, count ?? all.length);
}

function instance(kind: InstanceKind, stops: number, leg: PlanInput["leg"], seed: number, fleet: PlanVehicle[] = demoFleet()): PlanInput {
  const random = mulberry32(seed * 7919);
  const places = kind === "city" ? CITY : kind === "towns" ? TOWNS : [...CITY.slice(0, 3), ...TOWNS.slice(0, 6)];
  const points: LatLon[] = [VENUE];
  const groups: PickupGroup[] = [];
  let passenger = 1;
  for (let k = 0; k < stops; k++) {
    const [, lat, lon] = places[Math.floor(random() * places.length)]!;
    const distanceKm = 1.5 * Math.sqrt(random());
    const angle = random() * 2 * Math.PI;
    points.push({
      lat: lat + (distanceKm / 111.32) * Math.sin(angle),
      lon: lon + (distanceKm / (111.32 * Math.cos((lat * Math.PI) / 180))) * Math.cos(angle),
    });
    const seats = 1 + Math.floor(random() * random() * 4);
    groups.push({ id: `g${k + 1}`, passengerIds: Array.from({ length: seats }, () => passenger++), seats, point: points.length - 1 });
  }
  return {
    leg,
    anchor: new Date("2026-12-05T19:00:00Z"),
    points,
    seconds: estimateMatrix(points, DEFAULT_TRAVEL_TIME_ESTIMATE),
    groups,
    vehicles: fleet.map((vehicle) => ({ ...vehicle })),
    locked: [],
    // Beyond the fleet, a "vehicle needed" run is a 15-seat van (the shop's VAN_SEATS).
    settings: { ...DEFAULT_PLAN_SETTINGS, fallbackSeats: 15 },
  };
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

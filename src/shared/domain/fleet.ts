/** The kinds of vehicle the fleet has: each row of `vehicles` is one of them (a CHECK constraint holds it). */
export const VEHICLE_KIND = { van: "van", minibus: "minibus", bus: "bus", car: "car" } as const;
export const VEHICLE_KINDS = [VEHICLE_KIND.van, VEHICLE_KIND.minibus, VEHICLE_KIND.bus, VEHICLE_KIND.car] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];

export function isVehicleKind(value: unknown): value is VehicleKind {
  return typeof value === "string" && (VEHICLE_KINDS as readonly string[]).includes(value);
}

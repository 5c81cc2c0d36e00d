/**
 * CO2 of a day's driving: grams per km for each kind of vehicle (CO2_GRAMS_PER_KM overrides the defaults kind by
 * kind) and what the same passengers would have emitted each driving a car, CAR_OCCUPANCY people per car.
 * Defaults: diesel burnt per 100 km (van 9.4 L, minibus 15 L, bus 30 L) x 2.68 kg CO2 per litre burnt; a car
 * 170 g/km (the average car in the UK government's 2024 greenhouse-gas conversion factors).
 */
import { VEHICLE_KIND, VEHICLE_KINDS, type VehicleKind } from "../../../shared/domain/fleet";
import type { Env } from "../../env";

export const DEFAULT_CO2_GRAMS_PER_KM: Record<VehicleKind, number> = { van: 252, minibus: 402, bus: 804, car: 170 };

export interface EmissionFactors {
  gramsPerKm: Record<VehicleKind, number>;
  carOccupancy: number;
}

export function emissionFactors(env: Pick<Env, "CO2_GRAMS_PER_KM" | "CAR_OCCUPANCY">): EmissionFactors {
  const gramsPerKm = { ...DEFAULT_CO2_GRAMS_PER_KM };
  for (const pair of env.CO2_GRAMS_PER_KM.split(",").filter(Boolean)) {
    const [kind, grams] = pair.split(":");
    if ((VEHICLE_KINDS as readonly string[]).includes(kind!)) gramsPerKm[kind as VehicleKind] = Number(grams);
  }
  return { gramsPerKm, carOccupancy: env.CAR_OCCUPANCY };
}

/** Kilograms of CO2 for km driven by a vehicle of this kind (a run without a vehicle counts as a van). */
export function co2Kg(factors: EmissionFactors, kind: VehicleKind | null, km: number): number {
  return (km * factors.gramsPerKm[kind ?? VEHICLE_KIND.van]) / 1000;
}

/** Kilograms of CO2 the passenger-km would have cost driven in cars of CAR_OCCUPANCY people each. */
export function drivingAloneCo2Kg(factors: EmissionFactors, passengerKm: number): number {
  return (passengerKm * factors.gramsPerKm.car) / factors.carOccupancy / 1000;
}

/**
 * The demo fleet: a few vehicles per demo country, based in the provinces the demo events draw passengers from.
 * Plates follow each country's own format; seats are the usual ones of the kind (a Sprinter-class van 15,
 * a minibus 25, a car 4).
 */
import type { VehicleKind } from "../../shared/domain/fleet";
import { VEHICLE_KIND } from "../../shared/domain/fleet";
import type { CountryCode } from "../../shared/locales";
import type { Db } from "../db/client";
import { vehicles } from "../db/schema";
import type { GeographyIds } from "./geography";

interface DemoVehicle {
  plate: string;
  label: string;
  seats: number;
  kind: VehicleKind;
  country: CountryCode;
  province: string;
}

export const DEMO_FLEET: readonly DemoVehicle[] = [
  { plate: "WPN-418", label: "Van 1 Bogotá", seats: 15, kind: "van", country: "CO", province: "Bogotá D.C." },
  { plate: "WPN-419", label: "Van 2 Bogotá", seats: 15, kind: "van", country: "CO", province: "Bogotá D.C." },
  { plate: "WPN-420", label: "Van 3 Bogotá", seats: 15, kind: "van", country: "CO", province: "Bogotá D.C." },
  { plate: "TSK-207", label: "Buseta Bogotá", seats: 25, kind: VEHICLE_KIND.minibus, country: "CO", province: "Bogotá D.C." },
  { plate: "GHT-513", label: "Van Medellín", seats: 15, kind: "van", country: "CO", province: "Antioquia" },
  { plate: "GHT-514", label: "Van Oriente", seats: 15, kind: "van", country: "CO", province: "Antioquia" },
  { plate: "VCL-332", label: "Van Cali", seats: 15, kind: "van", country: "CO", province: "Valle del Cauca" },
  { plate: "KXJP-21", label: "Van Santiago 1", seats: 15, kind: "van", country: "CL", province: "Región Metropolitana de Santiago" },
  { plate: "KXJP-22", label: "Van Santiago 2", seats: 15, kind: "van", country: "CL", province: "Región Metropolitana de Santiago" },
  { plate: "4821 LMB", label: "Furgoneta Madrid", seats: 15, kind: "van", country: "ES", province: "Madrid" },
  { plate: "4822 LMB", label: "Microbús Madrid", seats: 25, kind: VEHICLE_KIND.minibus, country: "ES", province: "Madrid" },
  { plate: "7310 KZD", label: "Furgoneta Barcelona", seats: 15, kind: "van", country: "ES", province: "Barcelona" },
  { plate: "BXR-741", label: "Van Lima 1", seats: 15, kind: "van", country: "PE", province: "Lima" },
  { plate: "BXR-742", label: "Van Lima 2", seats: 15, kind: "van", country: "PE", province: "Lima" },
  { plate: "NKP-23-81", label: "Van CDMX 1", seats: 15, kind: "van", country: "MX", province: "Ciudad de México" },
  { plate: "NKP-23-82", label: "Van CDMX 2", seats: 15, kind: "van", country: "MX", province: "Ciudad de México" },
  { plate: "NKP-31-07", label: "Auto CDMX", seats: 4, kind: "car", country: "MX", province: "Ciudad de México" },
];

export async function seedFleet(db: Db, geo: GeographyIds) {
  await db.insert(vehicles).values(
    DEMO_FLEET.map(({ country, province, ...vehicle }) => ({ ...vehicle, provinceId: geo.province(country, province) })),
  );
}

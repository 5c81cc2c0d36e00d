/** The fleet as a back-office resource: vehicles with their plate, seats, kind and home province. */
import { eq } from "drizzle-orm";
import type { AdminVehicle } from "../../../shared/schemas/admin/fleet";
import { provinces, vehicles } from "../../db/schema";
import { tableResource } from "./crud";
import { totalField } from "./list";

export const vehiclesResource = tableResource<AdminVehicle, typeof vehicles>({
  name: "vehicles",
  // The public catalogue shows nothing of the fleet.
  area: null,
  table: vehicles,
  id: vehicles.id,
  columns: { plate: vehicles.plate, label: vehicles.label, seats: vehicles.seats, kind: vehicles.kind, active: vehicles.active, provinceId: vehicles.provinceId, carries: vehicles.carries },
  list: {
    select: (db) =>
      db
        .select({
          id: vehicles.id,
          plate: vehicles.plate,
          label: vehicles.label,
          seats: vehicles.seats,
          kind: vehicles.kind,
          active: vehicles.active,
          provinceId: vehicles.provinceId,
          carries: vehicles.carries,
          provinceName: provinces.name,
          countryCode: provinces.countryCode,
          total: totalField,
        })
        .from(vehicles)
        .innerJoin(provinces, eq(provinces.id, vehicles.provinceId))
        .$dynamic(),
    search: [vehicles.plate, vehicles.label, provinces.name],
    sorts: { id: vehicles.id, plate: vehicles.plate, label: vehicles.label, seats: vehicles.seats, province: provinces.name },
    defaultSort: "plate",
    filters: { provinceId: vehicles.provinceId },
    id: vehicles.id,
    toItem: ({ total: _total, ...item }: { total: number }) => item,
  },
});

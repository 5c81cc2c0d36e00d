/**
 * /shop-api/admin/vehicles (the fleet the dispatcher plans with) and /shop-api/admin/accounts (who may work as
 * staff, admin or driver).
 */
import * as z from "zod/mini";
import { VEHICLE_KINDS } from "../../domain/fleet";
import { NEEDS } from "../../domain/needs";
import { ROLES } from "../../domain/roles";
import { idFilter, listQueryOf, refField, requiredText, wholeNumber } from "./common";

/** A number plate as painted: letters, digits, spaces and dashes, stored upper-case. */
const plateField = z.pipe(
  z.string({ error: "form.required" }).check(z.trim(), z.minLength(1, "form.required"), z.maxLength(16, "form.too_long"), z.regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "admin.plate_invalid")),
  z.transform((plate: string) => plate.toUpperCase().replace(/\s+/g, " ")),
);

export const adminVehicleSchema = z.object({
  plate: plateField,
  label: requiredText(120),
  seats: wholeNumber(1, 80),
  kind: z.enum(VEHICLE_KINDS, { error: "admin.kind_invalid" }),
  active: z.boolean(),
  provinceId: refField("errors.unknown_province"),
  /** What it carries for passengers' needs on board (none when absent). */
  carries: z.optional(z.array(z.enum(NEEDS, { error: "errors.invalid_value" })).check(z.maxLength(NEEDS.length, "errors.invalid_value"))),
});
export type AdminVehicle = z.output<typeof adminVehicleSchema>;
export const VEHICLE_SORTS = ["id", "plate", "label", "seats", "province"] as const;
export const adminVehiclesQuerySchema = listQueryOf(VEHICLE_SORTS, { provinceId: idFilter });
export const adminVehicleItemSchema = z.object({
  id: z.number(),
  plate: z.string(),
  label: z.string(),
  seats: z.number(),
  kind: z.enum(VEHICLE_KINDS),
  active: z.boolean(),
  provinceId: z.number(),
  provinceName: z.string(),
  countryCode: z.string(),
  carries: z.array(z.enum(NEEDS)),
});

export const ACCOUNT_SORTS = ["id", "email", "role"] as const;
export const adminAccountsQuerySchema = listQueryOf(ACCOUNT_SORTS, {
  role: z.optional(z.enum(ROLES, { error: "admin.role_invalid" })),
});
export const adminAccountItemSchema = z.object({ id: z.number(), email: z.string(), name: z.string(), phone: z.string(), role: z.enum(ROLES) });
export const adminAccountRoleSchema = z.object({ role: z.enum(ROLES, { error: "admin.role_invalid" }) });
export type AdminAccountRole = z.output<typeof adminAccountRoleSchema>;

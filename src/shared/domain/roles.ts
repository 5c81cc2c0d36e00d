/**
 * Who may do what: customers buy; staff scan, validate, review and dispatch; admins also run the catalogue;
 * drivers see only the runs they are assigned to drive (no payments, no other runs, no back office).
 */
export const ROLE = { customer: "customer", staff: "staff", admin: "admin", driver: "driver" } as const;
export const ROLES = [ROLE.customer, ROLE.staff, ROLE.admin, ROLE.driver] as const;
export type Role = (typeof ROLES)[number];

/** The roles that reach the staff area and every /shop-api/staff call. */
export const STAFF_ROLES = [ROLE.staff, ROLE.admin] as const satisfies readonly Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function isStaffRole(role: string | undefined): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role ?? "");
}

export function isAdminRole(role: string | undefined): boolean {
  return role === ROLE.admin;
}

/** A driver reaches the driver's calls (/shop-api/driver/*) and the driver's screen, nothing of the staff area. */
export function isDriverRole(role: string | undefined): boolean {
  return role === "driver";
}

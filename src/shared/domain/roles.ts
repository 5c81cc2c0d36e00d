/** Who may do what: customers buy; staff scan, validate and review; admins also run the catalogue. */
export const ROLE = { customer: "customer", staff: "staff", admin: "admin" } as const;
export const ROLES = [ROLE.customer, ROLE.staff, ROLE.admin] as const;
export type Role = (typeof ROLES)[number];

/** The roles that reach the staff area and every /shop-api/staff call. */
export const STAFF_ROLES = [ROLE.staff, ROLE.admin] as const satisfies readonly Role[];

export function isStaffRole(role: string | undefined): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role ?? "");
}

export function isAdminRole(role: string | undefined): boolean {
  return role === ROLE.admin;
}

/** Who may do what (DESIGN.md "Roles"): customers buy; staff scan, validate and review; admins also run the catalogue. */
export const ROLES = ["customer", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The roles that reach the staff area and every /shop-api/staff call. */
export const STAFF_ROLES = ["staff", "admin"] as const satisfies readonly Role[];

export function isStaffRole(role: string | undefined): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role ?? "");
}

export function isAdminRole(role: string | undefined): boolean {
  return role === "admin";
}

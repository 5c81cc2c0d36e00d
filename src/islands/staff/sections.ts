/**
 * The staff area's sections by route segment (/staff/{section}); /qr-verification, the scanner's own address,
 * opens the scanner. Unknown or missing segments open the first section a role may use.
 */
export const STAFF_SECTIONS = ["scanner", "boarding", "transfers", "orders", "refunds", "waiting-list", "reports", "day-report", "manifests", "dispatch", "event-requests"] as const;
/** What a driver sees of the staff area: their own runs, nothing else. */
export const DRIVER_SECTIONS = ["driver"] as const;
/** The back office (admins only): one section per catalogue resource, and the audit log. */
export const ADMIN_SECTIONS = [
  "events",
  "categories",
  "variants",
  "discounts",
  "landing-slides",
  "partners",
  "community-posts",
  "payment-methods",
  "provinces",
  "counties",
  "places",
  "vehicles",
  "seat-pools",
  "accounts",
  "audit",
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];
export type StaffSection = (typeof STAFF_SECTIONS)[number] | (typeof DRIVER_SECTIONS)[number] | AdminSection;
const ALL_SECTIONS: readonly string[] = [...STAFF_SECTIONS, ...DRIVER_SECTIONS, ...ADMIN_SECTIONS];

export function isAdminSection(section: StaffSection): section is AdminSection {
  return (ADMIN_SECTIONS as readonly string[]).includes(section);
}

/** The catalogue key of each section's menu entry. */
export const SECTION_LABEL = {
  scanner: "staff.menu.scanner",
  boarding: "staff.menu.boarding",
  transfers: "staff.menu.transfers",
  orders: "staff.menu.orders",
  refunds: "refunds.title",
  "waiting-list": "waitlists.title",
  reports: "reports.title",
  "day-report": "staff.menu.day_report",
  manifests: "staff.menu.manifests",
  dispatch: "staff.menu.dispatch",
  driver: "staff.menu.driver",
  "event-requests": "staff.menu.private_events",
  events: "admin.menu.events",
  categories: "admin.menu.categories",
  variants: "admin.menu.variants",
  discounts: "admin.menu.discounts",
  "landing-slides": "admin.menu.landing-slides",
  partners: "admin.menu.partners",
  "community-posts": "admin.menu.community-posts",
  "payment-methods": "admin.menu.payment-methods",
  provinces: "admin.menu.provinces",
  counties: "admin.menu.counties",
  places: "admin.menu.places",
  vehicles: "admin.menu.vehicles",
  "seat-pools": "admin.menu.seat-pools",
  accounts: "admin.menu.accounts",
  audit: "admin.menu.audit",
} as const satisfies Record<StaffSection, string>;

export function sectionFromPath(pathname: string): StaffSection {
  const parts = pathname.split("/").filter(Boolean);
  if (parts.includes("qr-verification")) return "scanner";
  const at = parts.lastIndexOf("staff");
  const segment = at >= 0 ? parts[at + 1] : undefined;
  return ALL_SECTIONS.includes(segment ?? "") ? (segment as StaffSection) : "scanner";
}

/** Where a section lives under a site prefix ("" or "/cl/es-cl"). */
export function sectionPath(prefix: string, section: StaffSection): string {
  return `${prefix}/staff/${section}`;
}

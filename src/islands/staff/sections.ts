/**
 * The staff area's sections by route segment (/staff/{section}); /qr-verification (storefront spec section 2)
 * opens the scanner. Unknown or missing segments open the first section a role may use.
 */
export const STAFF_SECTIONS = ["scanner", "transfers", "orders", "manifests", "event-requests"] as const;
export type StaffSection = (typeof STAFF_SECTIONS)[number];

/** The catalogue key of each section's menu entry. */
export const SECTION_LABEL = {
  scanner: "staff.menu.scanner",
  transfers: "staff.menu.transfers",
  orders: "staff.menu.orders",
  manifests: "staff.menu.manifests",
  "event-requests": "staff.menu.event_requests",
} as const satisfies Record<StaffSection, string>;

export function sectionFromPath(pathname: string): StaffSection {
  const parts = pathname.split("/").filter(Boolean);
  if (parts.includes("qr-verification")) return "scanner";
  const at = parts.lastIndexOf("staff");
  const segment = at >= 0 ? parts[at + 1] : undefined;
  return (STAFF_SECTIONS as readonly string[]).includes(segment ?? "") ? (segment as StaffSection) : "scanner";
}

/** Where a section lives under a site prefix ("" or "/cl/es-cl"). */
export function sectionPath(prefix: string, section: StaffSection): string {
  return `${prefix}/staff/${section}`;
}

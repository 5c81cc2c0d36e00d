import { describe, expect, it } from "vitest";
import { isAdminRole, isStaffRole } from "./roles";

describe("roles", () => {
  it("lets staff and admins into the staff area, nobody else", () => {
    expect(isStaffRole("staff")).toBe(true);
    expect(isStaffRole("admin")).toBe(true);
    expect(isStaffRole("customer")).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });

  it("keeps the catalogue to admins", () => {
    expect(isAdminRole("admin")).toBe(true);
    expect(isAdminRole("staff")).toBe(false);
  });
});

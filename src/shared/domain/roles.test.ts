import { describe, expect, it } from "vitest";
import { isAdminRole, isDriverRole, isRole, isStaffRole } from "./roles";

describe("roles", () => {
  it("lets staff and admins into the staff area, nobody else", () => {
    expect(isStaffRole("staff")).toBe(true);
    expect(isStaffRole("admin")).toBe(true);
    expect(isStaffRole("customer")).toBe(false);
    expect(isStaffRole("driver")).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });

  it("keeps the catalogue to admins", () => {
    expect(isAdminRole("admin")).toBe(true);
    expect(isAdminRole("staff")).toBe(false);
    expect(isAdminRole("driver")).toBe(false);
  });

  it("knows drivers apart from staff", () => {
    expect(isDriverRole("driver")).toBe(true);
    expect(isDriverRole("staff")).toBe(false);
    expect(isRole("driver")).toBe(true);
    expect(isRole("root")).toBe(false);
  });
});

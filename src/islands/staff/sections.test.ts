import { describe, expect, it } from "vitest";
import { sectionFromPath, sectionPath } from "./sections";

describe("staff sections by address", () => {
  it("reads the section after /staff under any site prefix", () => {
    expect(sectionFromPath("/staff/transfers")).toBe("transfers");
    expect(sectionFromPath("/cl/es-cl/staff/manifests")).toBe("manifests");
    expect(sectionFromPath("/staff/event-requests/12")).toBe("event-requests");
  });

  it("opens the scanner for /qr-verification, /staff and unknown sections", () => {
    expect(sectionFromPath("/qr-verification")).toBe("scanner");
    expect(sectionFromPath("/staff")).toBe("scanner");
    expect(sectionFromPath("/staff/nothing-here")).toBe("scanner");
  });

  it("builds a section's address under the site prefix", () => {
    expect(sectionPath("/mx/es-mx", "orders")).toBe("/mx/es-mx/staff/orders");
  });
});

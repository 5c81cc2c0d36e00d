import { describe, expect, it } from "vitest";
import { viewFromPath, viewPath } from "./paths";

describe("back-office screens by address", () => {
  it("reads the list, the new form and a row's form under any site prefix", () => {
    expect(viewFromPath("/staff/events", "events")).toEqual({ kind: "list" });
    expect(viewFromPath("/cl/es-cl/staff/events/new", "events")).toEqual({ kind: "new" });
    expect(viewFromPath("/staff/variants/42", "variants")).toEqual({ kind: "edit", id: 42 });
    expect(viewFromPath("/staff/variants/abc", "variants")).toEqual({ kind: "list" });
  });

  it("builds each screen's address", () => {
    expect(viewPath("/mx/es-mx", "partners", { kind: "edit", id: 3 })).toBe("/mx/es-mx/staff/partners/3");
    expect(viewPath("", "partners", { kind: "new" })).toBe("/staff/partners/new");
  });
});

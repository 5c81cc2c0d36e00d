import { describe, expect, it } from "vitest";
import { changedFields } from "./AuditList";

describe("the audit log's changes", () => {
  it("lists only the fields whose value differs, each before and after", () => {
    expect(changedFields({ name: "A", price: 1, tags: ["x"] }, { name: "A", price: 2, tags: ["x", "y"] })).toEqual([
      { key: "price", before: "1", after: "2" },
      { key: "tags", before: '["x"]', after: '["x","y"]' },
    ]);
  });

  it("shows every field of a created or deleted row against nothing", () => {
    expect(changedFields(null, { name: "B" })).toEqual([{ key: "name", before: "—", after: '"B"' }]);
    expect(changedFields({ name: "B" }, null)).toEqual([{ key: "name", before: '"B"', after: "—" }]);
  });
});

import { describe, expect, it } from "vitest";
import { auditWho, changedFields } from "./AuditList";

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

describe("who made a change", () => {
  const texts = { "admin.actor.customer": "Cliente", "admin.actor.staff": "Equipo", "admin.actor.gateway": "Pasarela de pago", "admin.actor.sweeper": "Vencimiento automático" };

  it("is a person's email, or the shop's own actor in words: never a bare code", () => {
    expect(auditWho("staff@rodamos.co", texts)).toBe("staff@rodamos.co");
    expect(auditWho("sweeper", texts)).toBe("Vencimiento automático");
    expect(auditWho("customer", texts)).toBe("Cliente");
    expect(auditWho("webpay", texts)).toBe("Pasarela de pago (webpay)");
    expect(auditWho("", texts)).toBe("—");
  });
});

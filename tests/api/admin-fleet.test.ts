/**
 * The fleet and the people who drive it: vehicles as a back-office resource (same five calls and audit as the
 * others), county coordinates editable, and an admin giving an account a role, audited, that takes effect on the
 * account's next call (a driver is refused the staff area).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, counties, provinces } from "../../src/server/db/schema";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let admin: { id: number; token: string; email: string };
let staff: { token: string };
let customer: { id: number; token: string };
let bogota: number;

beforeAll(async () => {
  shop = await openTestShop();
  admin = await shop.buyer("admin");
  staff = await shop.buyer("staff");
  customer = await shop.buyer();
  [{ id: bogota }] = (await shop.db.select({ id: provinces.id }).from(provinces).where(eq(provinces.name, "Bogotá D.C."))) as [{ id: number }];
});
afterAll(() => shop.close());

describe("vehicles", () => {
  it("lists the demo fleet, and only admins write", async () => {
    const list = await shop.call<{ items: { plate: string; seats: number; kind: string }[]; total: number }>("GET", "/shop-api/admin/vehicles?pageSize=100", undefined, { token: staff.token });
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((vehicle) => vehicle.plate)).toContain("WPN-418");
    const body = { plate: "xyz 123", label: "Van de prueba", seats: 15, kind: "van", active: true, provinceId: bogota };
    expect((await shop.call("POST", "/shop-api/admin/vehicles", body, { token: staff.token })).status).toBe(403);
    expect((await shop.call("GET", "/shop-api/admin/vehicles", undefined, { token: customer.token })).status).toBe(403);
  });

  it("creates, changes and deletes a vehicle, audited, and refuses a repeated plate or a wrong kind", async () => {
    const body = { plate: "xyz 123", label: "Van de prueba", seats: 15, kind: "van", active: true, provinceId: bogota };
    const created = await shop.call<{ id: number; item: typeof body }>("POST", "/shop-api/admin/vehicles", body, { token: admin.token });
    expect(created.status).toBe(201);
    expect(created.body.data.item.plate).toBe("XYZ 123");
    const again = await shop.call<unknown>("POST", "/shop-api/admin/vehicles", body, { token: admin.token });
    expect(again.status).toBe(409);
    const wrong = await shop.call<{ fields: Record<string, string> }>("POST", "/shop-api/admin/vehicles", { ...body, plate: "ABC 999", kind: "rocket", seats: 0 }, { token: admin.token });
    expect(wrong.status).toBe(422);
    const id = created.body.data.id;
    const changed = await shop.call<{ item: typeof body }>("PUT", `/shop-api/admin/vehicles/${id}`, { ...body, seats: 19, kind: "minibus" }, { token: admin.token });
    expect(changed.status).toBe(200);
    expect(changed.body.data.item).toMatchObject({ seats: 19, kind: "minibus" });
    expect((await shop.call("DELETE", `/shop-api/admin/vehicles/${id}`, undefined, { token: admin.token })).status).toBe(200);
    const entries = await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, "vehicles"), eq(auditLog.resourceId, id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(["create", "delete", "update"]);
  });
});

describe("county coordinates", () => {
  it("every demo county has its centroid, and an admin can move it", async () => {
    const rows = await shop.db.select({ id: counties.id, lat: counties.lat, lon: counties.lon }).from(counties);
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((row) => row.lat === null || row.lon === null)).toEqual([]);
    const one = rows[0]!;
    const read = await shop.call<{ provinceId: number; name: string; lat: number; lon: number }>("GET", `/shop-api/admin/counties/${one.id}`, undefined, { token: admin.token });
    expect(read.body.data.lat).toBe(one.lat);
    const moved = await shop.call<{ item: { lat: number; lon: number } }>("PUT", `/shop-api/admin/counties/${one.id}`, { ...read.body.data, lat: 4.7, lon: -74.05 }, { token: admin.token });
    expect(moved.status).toBe(200);
    expect(moved.body.data.item).toMatchObject({ lat: 4.7, lon: -74.05 });
    const half = await shop.call("PUT", `/shop-api/admin/counties/${one.id}`, { ...read.body.data, lat: 4.7, lon: null }, { token: admin.token });
    expect(half.status).toBe(422);
  });
});

describe("account roles", () => {
  it("an admin makes a customer a driver, audited; the driver is then refused the staff area", async () => {
    const found = await shop.call<{ items: { id: number; role: string }[] }>("GET", `/shop-api/admin/accounts?q=${encodeURIComponent("comprador")}&role=customer&pageSize=100`, undefined, { token: admin.token });
    expect(found.status).toBe(200);
    expect(found.body.data.items.some((item) => item.id === customer.id)).toBe(true);
    const before = await shop.call("GET", "/shop-api/staff/manifests/options", undefined, { token: customer.token });
    expect(before.status).toBe(403);
    const changed = await shop.call<{ role: string }>("PUT", `/shop-api/admin/accounts/${customer.id}/role`, { role: "driver" }, { token: admin.token });
    expect(changed.status).toBe(200);
    expect(changed.body.data.role).toBe("driver");
    const [entry] = await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, "accounts"), eq(auditLog.resourceId, customer.id)));
    expect(entry).toMatchObject({ action: "update", before: { role: "customer" }, after: { role: "driver" }, userEmail: admin.email });
    expect((await shop.call("GET", "/shop-api/staff/manifests/options", undefined, { token: customer.token })).status).toBe(403);
    expect((await shop.call("GET", "/shop-api/admin/vehicles", undefined, { token: customer.token })).status).toBe(403);
  });

  it("refuses staff, a role that does not exist and an admin's own role", async () => {
    expect((await shop.call("PUT", `/shop-api/admin/accounts/${customer.id}/role`, { role: "staff" }, { token: staff.token })).status).toBe(403);
    expect((await shop.call("PUT", `/shop-api/admin/accounts/${customer.id}/role`, { role: "root" }, { token: admin.token })).status).toBe(422);
    const own = await shop.call<unknown>("PUT", `/shop-api/admin/accounts/${admin.id}/role`, { role: "staff" }, { token: admin.token });
    expect(own.status).toBe(409);
    expect(own.body).toMatchObject({ code: "admin_own_role" });
  });
});

/**
 * The simple back-office resources, one table each and declared once (services/admin/content.ts): every one
 * round-trips its demo rows through GET and PUT, is created, changed and deleted by an admin, refuses bad
 * bodies by field, and is closed to customers and (for writes) to staff. Then pictures and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { auditLog, counties, provinces } from "../../src/server/db/schema";
import type { CatalogueChange } from "../../src/server/change-feed/change-feed";
import { photoPng, pixelBombPng } from "../helpers/private-event-files";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let admin: { token: string; email: string };
let staff: { token: string };
let customer: { token: string };
let provinceId: number;
let countyId: number;
const announced: CatalogueChange[] = [];

beforeAll(async () => {
  shop = await openTestShop();
  admin = await shop.buyer("admin");
  staff = await shop.buyer("staff");
  customer = await shop.buyer();
  [{ id: provinceId }] = (await shop.db.select({ id: provinces.id }).from(provinces).where(eq(provinces.name, "Cundinamarca"))) as [{ id: number }];
  [{ id: countyId }] = (await shop.db.select({ id: counties.id }).from(counties).where(eq(counties.provinceId, provinceId)).limit(1)) as [{ id: number }];
  shop.app.catalogue.listen((change) => announced.push(change));
});
afterAll(() => shop.close());

interface Case {
  name: string;
  area: CatalogueChange["area"];
  valid: () => Record<string, unknown>;
  change: Record<string, unknown>;
  invalid: Record<string, unknown>;
  invalidFields: string[];
  search: string;
}

const CASES: Case[] = [
  {
    name: "landing-slides",
    area: "content",
    valid: () => ({ countryCode: "CO", url: "/event/rock-al-parque", imagePath: "/demo/slides/rock.webp", translations: { es_CO: { alt: "Rock al parque" } }, sortOrder: 4 }),
    change: { sortOrder: 1, translations: { en_US: { alt: "Rock in the park" } } },
    invalid: { countryCode: "ZZ", url: "https://elsewhere.example", imagePath: "/etc/passwd", translations: {}, sortOrder: -3 },
    invalidFields: ["countryCode", "imagePath", "sortOrder", "translations.es_CO.alt", "url"],
    search: "rock al parque",
  },
  {
    name: "partners",
    area: "content",
    valid: () => ({ name: "Radio Prueba", imagePath: "/demo/partners/radio.webp", url: "https://radio.example", sortOrder: 3 }),
    change: { url: null },
    invalid: { name: "", imagePath: "javascript:alert(1)", url: "http://insecure.example", sortOrder: 1.5 },
    invalidFields: ["imagePath", "name", "sortOrder", "url"],
    search: "radio prueba",
  },
  {
    name: "community-posts",
    area: "content",
    valid: () => ({ countryCode: "CL", message: "¡Qué buen viaje!", user: "Ana Prueba", imagePath: "/demo/community/ana.webp", tags: ["viaje", "festival"] }),
    change: { tags: [] },
    invalid: { countryCode: "CL", message: "", user: "x".repeat(200), imagePath: "/demo/community/ana.webp", tags: [""] },
    invalidFields: ["message", "tags.0", "user"],
    search: "ana prueba",
  },
  {
    name: "payment-methods",
    area: "payment-methods",
    valid: () => ({ countryCode: "PE", code: "webpay", sortOrder: 9, enabled: false }),
    change: { enabled: true },
    invalid: { countryCode: "PE", code: "bitcoin", sortOrder: 0, enabled: "yes" },
    invalidFields: ["code", "enabled"],
    search: "webpay",
  },
  {
    name: "provinces",
    area: "geography",
    valid: () => ({ countryCode: "CO", name: "Provincia de Prueba" }),
    change: { name: "Provincia Renombrada" },
    invalid: { countryCode: "", name: " " },
    invalidFields: ["countryCode", "name"],
    search: "provincia de prueba",
  },
  {
    name: "counties",
    area: "geography",
    valid: () => ({ provinceId, name: "Municipio de Prueba", lat: 4.86, lon: -74.06 }),
    change: { name: "Municipio Renombrado", lat: 4.87, lon: -74.07 },
    invalid: { provinceId: "abc", name: "", lat: 91, lon: -74 },
    invalidFields: ["lat", "name", "provinceId"],
    search: "municipio de prueba",
  },
  {
    name: "places",
    area: "events",
    valid: () => ({ countryCode: "CO", name: "Coliseo de Prueba", address: "Calle 80 # 1-2", countyId, imagePath: null, translations: { en_US: { name: "Test Coliseum" } } }),
    change: { countyId: null },
    invalid: { countryCode: "CO", name: "", address: "", countyId: 0, imagePath: "/uploads/../x.webp", translations: {} },
    invalidFields: ["address", "countyId", "imagePath", "name"],
    search: "coliseo de prueba",
  },
];

describe.each(CASES)("/shop-api/admin/$name", (resource) => {
  const base = `/shop-api/admin/${resource.name}`;

  it("answers each demo row by id in the shape PUT takes, and PUT keeps it unchanged", async () => {
    const list = await shop.call<{ items: { id: number }[]; total: number }>("GET", `${base}?pageSize=5&sort=id&dir=desc`, undefined, { token: staff.token });
    expect(list.status).toBe(200);
    for (const { id } of list.body.data.items) {
      const row = await shop.call("GET", `${base}/${id}`, undefined, { token: staff.token });
      const saved = await shop.call<{ item: unknown }>("PUT", `${base}/${id}`, row.body.data, { token: admin.token });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data.item).toEqual(row.body.data);
    }
  });

  it("is created, found, changed and deleted by an admin, each step audited and announced", async () => {
    announced.length = 0;
    const body = resource.valid();
    const created = await shop.call<{ id: number; item: unknown }>("POST", base, body, { token: admin.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.item).toEqual(body);
    const id = created.body.data.id;

    const found = await shop.call<{ items: { id: number }[] }>("GET", `${base}?q=${encodeURIComponent(resource.search)}`, undefined, { token: staff.token });
    expect(found.body.data.items.map((item) => item.id)).toContain(id);

    const changed = { ...body, ...resource.change };
    const updated = await shop.call<{ item: unknown }>("PUT", `${base}/${id}`, changed, { token: admin.token });
    expect(updated.body.data.item).toEqual(changed);
    expect((await shop.call("GET", `${base}/${id}`, undefined, { token: customer.token })).status).toBe(403);
    expect((await shop.call("GET", `${base}/${id}`, undefined, { token: staff.token })).body.data).toEqual(changed);

    expect((await shop.call("DELETE", `${base}/${id}`, undefined, { token: admin.token })).status).toBe(200);
    expect((await shop.call("GET", `${base}/${id}`, undefined, { token: admin.token })).status).toBe(404);
    expect((await shop.call("DELETE", `${base}/${id}`, undefined, { token: admin.token })).status).toBe(404);

    const trail = await shop.db.select().from(auditLog).where(eq(auditLog.resource, resource.name)).orderBy(auditLog.id);
    const mine = trail.filter((entry) => entry.resourceId === id);
    expect(mine.map((entry) => [entry.action, entry.userEmail, entry.before === null, entry.after === null])).toEqual([
      ["create", admin.email, true, false],
      ["update", admin.email, false, false],
      ["delete", admin.email, false, true],
    ]);
    expect(announced).toHaveLength(3);
    expect(announced.every((change) => change.area === resource.area)).toBe(true);
  });

  it("refuses invalid bodies by field, and writes from staff and customers", async () => {
    const invalid = await shop.call("POST", base, resource.invalid, { token: admin.token });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.fields ?? {}).sort()).toEqual(resource.invalidFields);
    expect((await shop.call("POST", base, resource.valid(), { token: staff.token })).status).toBe(403);
    expect((await shop.call("POST", base, resource.valid(), { token: customer.token })).status).toBe(403);
    expect((await shop.call("POST", base, resource.valid())).status).toBe(401);
  });
});

describe("rows others need", () => {
  it("a province with counties, or one a variant sells in, is not deleted", async () => {
    const answer = await shop.call("DELETE", `/shop-api/admin/provinces/${provinceId}`, undefined, { token: admin.token });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe("admin_in_use");
  });

  it("a payment method a country already has is refused as a duplicate", async () => {
    const answer = await shop.call("POST", "/shop-api/admin/payment-methods", { countryCode: "CO", code: "mercadopago", sortOrder: 0, enabled: true }, { token: admin.token });
    expect(answer.status).toBe(409);
    expect(Object.keys(answer.body.fields ?? {})).toEqual(["code"]);
  });

  it("lists page by page with the total, sorted either way", async () => {
    const first = await shop.call<{ items: { id: number; name: string }[]; total: number; page: number }>("GET", "/shop-api/admin/provinces?sort=name&pageSize=3", undefined, { token: staff.token });
    const second = await shop.call<{ items: { id: number; name: string }[]; total: number }>("GET", "/shop-api/admin/provinces?sort=name&pageSize=3&page=2", undefined, { token: staff.token });
    const reversed = await shop.call<{ items: { name: string }[] }>("GET", "/shop-api/admin/provinces?sort=name&dir=desc&pageSize=3", undefined, { token: staff.token });
    expect(first.body.data.total).toBeGreaterThan(6);
    expect(second.body.data.total).toBe(first.body.data.total);
    const names = [...first.body.data.items, ...second.body.data.items].map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "es")));
    expect(reversed.body.data.items[0]!.name >= names.at(-1)!).toBe(true);
    const beyond = await shop.call<{ items: unknown[]; total: number }>("GET", "/shop-api/admin/provinces?page=999", undefined, { token: staff.token });
    expect(beyond.body.data).toMatchObject({ items: [], total: first.body.data.total });
    const badSort = await shop.call("GET", "/shop-api/admin/provinces?sort=password", undefined, { token: staff.token });
    expect(badSort.status).toBe(422);
  });
});

async function upload(token: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name));
  const response = await shop.app.request("/shop-api/admin/images", { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } }, { incoming: { socket: { remoteAddress: "10.0.0.8" } } });
  return { status: response.status, body: (await response.json()) as { code: string; data: { imagePath: string; cardImagePath: string } } };
}

describe("pictures", () => {
  it("are re-encoded as WebP banner and card without metadata, and then usable as a partner's logo", async () => {
    expect((await upload(staff.token, await photoPng(), "logo.png")).status).toBe(403);
    const stored = await upload(admin.token, await photoPng(), "logo.png");
    expect(stored.status).toBe(201);
    const banner = await shop.app.request(stored.body.data.imagePath);
    const meta = await sharp(Buffer.from(await banner.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1200, height: 600 });
    expect(meta.exif).toBeUndefined();
    const partner = await shop.call("POST", "/shop-api/admin/partners", { name: "Logo", imagePath: stored.body.data.imagePath, url: null, sortOrder: 0 }, { token: admin.token });
    expect(partner.status).toBe(201);
  });

  it("refuses what is not a picture and pixel bombs", async () => {
    expect((await upload(admin.token, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "x.svg")).body.code).toBe("image_unreadable");
    expect((await upload(admin.token, await pixelBombPng(), "bomb.png")).body.code).toBe("image_too_many_pixels");
  });
});

describe("GET /shop-api/admin/audit", () => {
  it("shows admins every change newest first, with before and after, and nobody else", async () => {
    const created = await shop.call<{ id: number }>("POST", "/shop-api/admin/provinces", { countryCode: "MX", name: "Estado Auditado" }, { token: admin.token });
    await shop.call("PUT", `/shop-api/admin/provinces/${created.body.data.id}`, { countryCode: "MX", name: "Estado Auditado II" }, { token: admin.token });
    const log = await shop.call<{ items: { resource: string; resourceId: number; action: string; userEmail: string; before: unknown; after: unknown }[] }>(
      "GET",
      `/shop-api/admin/audit?resource=provinces&resourceId=${created.body.data.id}`,
      undefined,
      { token: admin.token },
    );
    expect(log.status).toBe(200);
    expect(log.body.data.items).toEqual([
      expect.objectContaining({ action: "update", userEmail: admin.email, before: { countryCode: "MX", name: "Estado Auditado" }, after: { countryCode: "MX", name: "Estado Auditado II" } }),
      expect.objectContaining({ action: "create", before: null, after: { countryCode: "MX", name: "Estado Auditado" } }),
    ]);
    expect((await shop.call("GET", "/shop-api/admin/audit?q=auditado", undefined, { token: admin.token })).status).toBe(200);
    expect((await shop.call("GET", "/shop-api/admin/audit", undefined, { token: staff.token })).status).toBe(403);
    expect((await shop.call("GET", "/shop-api/admin/audit", undefined, { token: customer.token })).status).toBe(403);
  });
});

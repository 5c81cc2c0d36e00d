/**
 * /shop-api/admin/*: the back office. Each resource of services/admin/registry.ts gets the same five calls from
 * its contract entries (src/shared/api/contract/admin.ts); staff and admins read, only admins write. Mounted by app.ts.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { describeRoute } from "hono-openapi";
import type * as z from "zod/mini";
import { shopApi, type RouteKey, type RouteSpec } from "../../../shared/api/contract";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { ok } from "../../http/answer";
import { requireAdmin, requireStaff } from "../../auth/role-checks";
import { createRow, deleteRow, readRow, updateRow, type AdminResource } from "../../services/admin/crud";
import { listAudit } from "../../services/admin/audit";
import { listAccounts, setAccountRole } from "../../services/admin/accounts";
import type { adminAccountRoleSchema } from "../../../shared/schemas/admin/fleet";
import { stockByDate } from "../../services/admin/products";
import { eventSeats, setDateStock } from "../../services/admin/seat-pools";
import type { adminDateStockSchema, eventSeatsQuerySchema } from "../../../shared/schemas/admin/seats";
import { storeAdminImage } from "../../services/admin/images";
import { ADMIN_RESOURCES } from "../../services/admin/registry";
import { storageFor } from "../../storage";
import { MAX_IMAGE_BYTES } from "../../uploads/limits";
import { readUpload, uploadLimit } from "../../uploads/multipart";
import { operationOf, readersOf } from "../contract";
import { ShopError } from "../../../shared/domain/shop-error";


/**
 * A contract entry bound by its key as a string: the resources are mounted in a loop, so their keys are not
 * literals here. The answers are held to the same schemas by the contract tests.
 */
function bound(key: string) {
  const spec = (shopApi as Record<string, RouteSpec>)[key];
  if (!spec) throw new Error(`admin route missing from the contract: ${key}`);
  const readers = readersOf(spec);
  return {
    spec,
    ...readers,
    /** Every admin path names one row by its id (`rowIdPath`). */
    params: readers.params as (c: Context<AuthEnv>) => { id: number },
    describe: describeRoute(operationOf(key as RouteKey, spec) as Parameters<typeof describeRoute>[0]) as MiddlewareHandler,
    ok: (c: Context<AuthEnv>, data: unknown) => ok(c, data, spec.status ?? 200),
  };
}

const actorOf = (c: Context<AuthEnv>) => {
  const caller = callerOf(c);
  return { id: caller.id, email: caller.email };
};

export const adminRoutes = new Hono<AuthEnv>();
adminRoutes.use("*", requireCaller, requireStaff);

function mount<Body>(name: string, resource: AdminResource<Body>) {
  const base = `/shop-api/admin/${name}`;
  const list = bound(`GET ${base}`);
  const create = bound(`POST ${base}`);
  const one = bound(`GET ${base}/:id`);
  const replace = bound(`PUT ${base}/:id`);
  const remove = bound(`DELETE ${base}/:id`);

  adminRoutes.get(`/${name}`, list.describe, async (c) => {
    const deps = c.get("deps");
    return list.ok(c, await resource.list(deps.db, list.query(c) as Record<string, unknown>, deps.now()));
  });
  adminRoutes.post(`/${name}`, create.describe, requireAdmin, async (c) => {
    const body = (await create.input(c)).body as Body;
    return create.ok(c, await createRow(c.get("deps"), actorOf(c), resource, body));
  });
  adminRoutes.get(`/${name}/:id`, one.describe, async (c) => one.ok(c, await readRow(c.get("deps"), resource, one.params(c).id)));
  adminRoutes.put(`/${name}/:id`, replace.describe, requireAdmin, async (c) => {
    const id = replace.params(c).id;
    const body = (await replace.input(c)).body as Body;
    return replace.ok(c, await updateRow(c.get("deps"), actorOf(c), resource, id, body));
  });
  adminRoutes.delete(`/${name}/:id`, remove.describe, requireAdmin, async (c) => {
    return remove.ok(c, await deleteRow(c.get("deps"), actorOf(c), resource, remove.params(c).id));
  });
}

const stock = bound("GET /shop-api/admin/variants/:id/stock");
// Before the resource's own `/:id`, which would not match the longer path anyway.
adminRoutes.get("/variants/:id/stock", stock.describe, async (c) => {
  const deps = c.get("deps");
  const figures = await stockByDate(deps.db, stock.params(c).id, deps.now());
  if (!figures) throw new ShopError("not_found");
  return stock.ok(c, figures);
});

const dateStock = bound("PUT /shop-api/admin/variants/:id/date-stock");
adminRoutes.put("/variants/:id/date-stock", dateStock.describe, requireAdmin, async (c) => {
  const deps = c.get("deps");
  const id = dateStock.params(c).id;
  const body = (await dateStock.input(c)).body as z.infer<typeof adminDateStockSchema>;
  await setDateStock(deps, actorOf(c), id, body);
  return dateStock.ok(c, await stockByDate(deps.db, id, deps.now()));
});

const seats = bound("GET /shop-api/admin/seats");
adminRoutes.get("/seats", seats.describe, async (c) => {
  const deps = c.get("deps");
  const { eventId } = seats.query(c) as z.infer<typeof eventSeatsQuerySchema>;
  const figures = await eventSeats(deps.db, eventId, deps.now());
  if (!figures) throw new ShopError("not_found");
  return seats.ok(c, figures);
});

for (const [name, resource] of Object.entries(ADMIN_RESOURCES)) mount(name, resource as AdminResource<unknown>);

const image = bound("POST /shop-api/admin/images");
adminRoutes.post("/images", image.describe, requireAdmin, uploadLimit(MAX_IMAGE_BYTES), async (c) => {
  const bytes = await readUpload(c, MAX_IMAGE_BYTES);
  return image.ok(c, await storeAdminImage(storageFor(c.get("deps").env), bytes));
});

const audit = bound("GET /shop-api/admin/audit");
adminRoutes.get("/audit", audit.describe, requireAdmin, async (c) => {
  return audit.ok(c, await listAudit(c.get("deps").db, audit.query(c) as Parameters<typeof listAudit>[1]));
});

const accounts = bound("GET /shop-api/admin/accounts");
adminRoutes.get("/accounts", accounts.describe, requireAdmin, async (c) => {
  return accounts.ok(c, await listAccounts(c.get("deps").db, accounts.query(c) as Parameters<typeof listAccounts>[1]));
});

const accountRole = bound("PUT /shop-api/admin/accounts/:id/role");
adminRoutes.put("/accounts/:id/role", accountRole.describe, requireAdmin, async (c) => {
  const id = accountRole.params(c).id;
  const { role } = (await accountRole.input(c)).body as z.infer<typeof adminAccountRoleSchema>;
  return accountRole.ok(c, await setAccountRole(c.get("deps").db, actorOf(c), id, role));
});

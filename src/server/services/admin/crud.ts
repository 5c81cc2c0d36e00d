/**
 * The back office's one way to change a row: the resource's own write, its audit entry and the catalogue
 * announcement. A resource is a declaration (`AdminResource`); `tableResource` declares the simple ones (one
 * table, body fields that are its columns) in a few lines. Every write runs in one transaction with its audit
 * entry, and the change is announced after the commit.
 */
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { eq, type InferInsertModel } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ListQuery } from "../../../shared/schemas/admin/common";
import type { CatalogueArea } from "../../change-feed/change-feed";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { writeAudit, type Actor } from "../audit/write-audit";
import { runList, type ListSpec } from "./list";

export interface WriteContext {
  now: Date;
  /** Who writes (what the write sets off, as an event's cancelled orders, names them in its own history). */
  actor: Actor;
  /** PUT only: the body's extra instructions (an event's `confirmCancel`). */
  body?: unknown;
}

export interface AdminResource<Body> {
  /** The path segment and the audit log's resource name. */
  name: string;
  /** What the public catalogue shows of it (its answers are dropped on a change); null for what it never shows. */
  area: CatalogueArea | null;
  /** The row as the admin API speaks it (what GET by id answers and PUT takes), or undefined. */
  read(db: Db, id: number): Promise<Body | undefined>;
  insert(tx: Db, body: Body, context: WriteContext): Promise<number>;
  /** Replaces the row; `before` was read under a row lock in the same transaction. */
  update(tx: Db, id: number, body: Body, before: Body, context: WriteContext): Promise<void>;
  remove(tx: Db, id: number, before: Body): Promise<void>;
  /** Locks the row for the transaction (SELECT … FOR UPDATE); false when there is none. */
  lock(tx: Db, id: number): Promise<boolean>;
  /** `now`: the shop's clock, for lists whose figures depend on running holds. */
  list(db: Db, query: ListQuery, now?: Date): Promise<{ items: unknown[]; total: number; page: number; pageSize: number }>;
  /** The events a change touches, for the announcement (absent: the whole area). */
  eventIds?(db: Db, body: Body, id: number): Promise<number[]>;
}

/** Drops PUT-only instructions (`confirmCancel`) from what is stored and answered. */
function withoutInstructions<Body>(body: Body): Body {
  if (body && typeof body === "object" && "confirmCancel" in body) {
    const { confirmCancel: _instruction, ...rest } = body as Record<string, unknown>;
    return rest as Body;
  }
  return body;
}

async function announce<Body>(ctx: ShopContext, resource: AdminResource<Body>, id: number, bodies: Body[]) {
  let eventIds: number[] | undefined;
  try {
    eventIds = resource.eventIds ? [...new Set((await Promise.all(bodies.map((body) => resource.eventIds!(ctx.db, body, id)))).flat())] : undefined;
  } catch {
    eventIds = undefined; // the row is gone with its event: announce the area
  }
  if (resource.area) ctx.catalogue.announce(eventIds && eventIds.length ? { area: resource.area, eventIds } : { area: resource.area });
  // The write may have queued mails with it (an event's cancellation mails its buyers): deliver them now.
  ctx.outbox.wake();
}

export async function readRow<Body>(ctx: ShopContext, resource: AdminResource<Body>, id: number): Promise<Body> {
  const row = await resource.read(ctx.db, id);
  if (!row) throw new ShopError("not_found");
  return row;
}

export async function createRow<Body>(ctx: ShopContext, actor: Actor, resource: AdminResource<Body>, input: Body) {
  const body = withoutInstructions(input);
  const saved = await refusingConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const id = await resource.insert(tx, body, { now: ctx.now(), actor });
      const after = (await resource.read(tx, id))!;
      await writeAudit(tx, actor, resource.name, id, AUDIT_ACTION.create, null, after);
      return { id, item: after };
    }),
  );
  await announce(ctx, resource, saved.id, [saved.item]);
  return saved;
}

export async function updateRow<Body>(ctx: ShopContext, actor: Actor, resource: AdminResource<Body>, id: number, input: Body) {
  const body = withoutInstructions(input);
  const { saved, before } = await refusingConflicts(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await resource.lock(tx, id))) throw new ShopError("not_found");
      const before = (await resource.read(tx, id))!;
      await resource.update(tx, id, body, before, { now: ctx.now(), body: input, actor });
      const after = (await resource.read(tx, id))!;
      await writeAudit(tx, actor, resource.name, id, AUDIT_ACTION.update, before, after);
      return { saved: { id, item: after }, before };
    }),
  );
  await announce(ctx, resource, id, [before, saved.item]);
  return saved;
}

export async function deleteRow<Body>(ctx: ShopContext, actor: Actor, resource: AdminResource<Body>, id: number) {
  const before = await refusingConflicts(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await resource.lock(tx, id))) throw new ShopError("not_found");
      const before = (await resource.read(tx, id))!;
      await resource.remove(tx, id, before);
      await writeAudit(tx, actor, resource.name, id, AUDIT_ACTION.delete, before, null);
      return before;
    }),
  );
  await announce(ctx, resource, id, [before]);
  return { id };
}

/** The database's own refusals said in the shop's words: a repeated unique value, a row others need or one that is missing. */
export async function refusingConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, constraint } = pgErrorOf(error);
    if (code === "23505") throw new ShopError("admin_duplicate", fieldOfConstraint(constraint));
    if (code === "23503") {
      // Deleting or unlinking a row others point at, or pointing at a row that is not there.
      if (/is still referenced|update or delete/i.test(messageOf(error))) throw new ShopError("admin_in_use");
      throw new ShopError("admin_reference_missing");
    }
    throw error;
  }
}

const CONSTRAINT_FIELDS: Record<string, string> = {
  events_slug_idx: "slug",
  discounts_code_event_idx: "code",
  payment_methods_country_code_idx: "code",
  vehicles_plate_idx: "plate",
};

function fieldOfConstraint(constraint: string | undefined): Record<string, string> | undefined {
  const field = constraint ? CONSTRAINT_FIELDS[constraint] : undefined;
  return field ? { [field]: "errors.admin_duplicate" } : undefined;
}

function pgErrorOf(error: unknown): { code?: string; constraint?: string } {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (typeof candidate.code === "string" && /^\d{5}$/.test(candidate.code)) {
      const constraint = candidate.constraint_name ?? candidate.constraint;
      return { code: candidate.code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
  }
  return {};
}

function messageOf(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    parts.push(String((current as { message?: unknown }).message ?? ""), String((current as { detail?: unknown }).detail ?? ""));
  }
  return parts.join(" ");
}

/** What `tableResource` needs to know of a simple resource. */
export interface TableResourceSpec<Body, T extends PgTable> {
  name: string;
  area: CatalogueArea | null;
  table: T;
  id: PgColumn;
  /** Body field -> column: GET by id reads them, POST and PUT write them. */
  columns: Record<keyof Body & string, PgColumn>;
  /** The stored row's values as the body (jsonb defaults, nullables …); default: as read. */
  fromRow?(row: Record<string, unknown>): Body;
  /** The body as stored (e.g. translations without empty locales); default: as sent. */
  toRow?(body: Body): Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each list names its own row type
  list: ListSpec<any>;
  eventIds?(db: Db, body: Body, id: number): Promise<number[]>;
  /** A check before a PUT is written (a stock never below what is sold). */
  beforeUpdate?(tx: Db, id: number, body: Body, before: Body, context: WriteContext): Promise<void>;
}

/** Removing and row-locking by id, the same for every resource kept in one table under a numeric id. */
export function rowById(table: PgTable, id: PgColumn): Pick<AdminResource<unknown>, "remove" | "lock"> {
  return {
    async remove(tx, rowId) {
      await tx.delete(table).where(eq(id, rowId));
    },
    async lock(tx, rowId) {
      return (await tx.select({ id }).from(table).where(eq(id, rowId)).for("update")).length > 0;
    },
  };
}

export function tableResource<Body, T extends PgTable>(spec: TableResourceSpec<Body, T>): AdminResource<Body> {
  const fields = spec.columns as Record<string, PgColumn>;
  const toRow = (body: Body) => (spec.toRow ? spec.toRow(body) : (body as Record<string, unknown>));
  return {
    name: spec.name,
    area: spec.area,
    eventIds: spec.eventIds,
    async read(db, id) {
      const [row] = await db.select(fields).from(spec.table as PgTable).where(eq(spec.id, id));
      if (!row) return undefined;
      return spec.fromRow ? spec.fromRow(row) : (row as Body);
    },
    async insert(tx, body) {
      const [row] = await tx
        .insert(spec.table)
        .values(toRow(body) as InferInsertModel<T>)
        .returning({ id: spec.id });
      return Number(row!.id);
    },
    async update(tx, id, body, before, context) {
      await spec.beforeUpdate?.(tx, id, body, before, context);
      await tx
        .update(spec.table)
        .set(toRow(body) as never)
        .where(eq(spec.id, id));
    },
    ...rowById(spec.table, spec.id),
    list: (db, query) => runList(db, spec.list, query),
  };
}

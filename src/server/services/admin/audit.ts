/**
 * The admins' paged reading of the audit log (written by each change's own transaction through
 * services/audit/write-audit.ts).
 */
import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { AdminAuditItem, AuditAction } from "../../../shared/schemas/admin/audit";
import type { ListQuery } from "../../../shared/schemas/admin/common";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";
import { iso } from "../catalogue/rows";
import { likePattern, pageOf } from "./list";

const SORTS = { createdAt: auditLog.id, resource: auditLog.resource, userEmail: auditLog.userEmail } as const;

export async function listAudit(db: Db, query: ListQuery & { resource?: string; resourceId?: number }) {
  const { page, pageSize, offset } = pageOf(query);
  const conditions: (SQL | undefined)[] = [
    query.resource ? eq(auditLog.resource, query.resource) : undefined,
    query.resourceId ? eq(auditLog.resourceId, query.resourceId) : undefined,
  ];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(auditLog.resource, pattern), ilike(auditLog.action, pattern), ilike(auditLog.userEmail, pattern)));
  }
  const where = and(...conditions);
  const column = SORTS[(query.sort as keyof typeof SORTS | undefined) ?? "createdAt"] ?? auditLog.id;
  // Newest first unless asked otherwise: the last change is the one someone looks for.
  const direction = query.dir === "asc" ? asc : query.dir === "desc" || !query.sort || query.sort === "createdAt" ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(direction(column), desc(auditLog.id)).limit(pageSize).offset(offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const items: AdminAuditItem[] = rows.map((row) => ({
    id: row.id,
    createdAt: iso(row.createdAt),
    userEmail: row.userEmail,
    resource: row.resource,
    resourceId: row.resourceId,
    action: row.action as AuditAction,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
  return { items, total: Number(total?.n ?? 0), page, pageSize };
}

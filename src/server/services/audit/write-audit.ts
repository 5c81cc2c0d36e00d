/**
 * The audit log's writer: one row per staff change, written by the change's own transaction, so a change and its
 * trace commit together. Every domain that lets staff change something writes here; the admins' reading of the log
 * is the back office's (services/admin/audit.ts). It imports no domain folder, so every one of them may import it.
 */
import type { AuditAction } from "../../../shared/schemas/admin/audit";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";

export interface Actor {
  id: number;
  email: string;
}

export async function writeAudit(tx: Db, actor: Actor, resource: string, resourceId: number, action: AuditAction, before: unknown, after: unknown) {
  await tx.insert(auditLog).values({
    userId: actor.id,
    userEmail: actor.email,
    resource,
    resourceId,
    action,
    before: before ?? null,
    after: after ?? null,
  });
}

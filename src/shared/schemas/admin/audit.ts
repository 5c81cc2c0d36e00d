/** GET /shop-api/admin/audit: the back office's changes, newest first, searchable by resource, action or person. */
import * as z from "zod/mini";
import { AUDIT_ACTIONS } from "../../domain/audit-actions";
import { idFilter, listQueryOf } from "./common";

export { AUDIT_ACTIONS, type AuditAction } from "../../domain/audit-actions";

export const AUDIT_SORTS = ["createdAt", "resource", "userEmail"] as const;
export const adminAuditQuerySchema = listQueryOf(AUDIT_SORTS, {
  resource: z.optional(z.string().check(z.regex(/^[a-z-]{1,40}$/, "errors.invalid_value"))),
  resourceId: idFilter,
});

export const adminAuditItemSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  userEmail: z.string(),
  resource: z.string(),
  resourceId: z.number(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
});
export type AdminAuditItem = z.infer<typeof adminAuditItemSchema>;

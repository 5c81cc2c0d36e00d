/**
 * Who works for the shop: an admin finds an account and gives it a role (customer, staff, admin, driver). The
 * change is audited like every back-office write; the bearer check reads the role on every call, so it takes
 * effect on the account's next call. An admin cannot change their own role (no admin locks the shop out by mistake).
 */
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { eq, sql } from "drizzle-orm";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Role } from "../../../shared/domain/roles";
import type { ListQuery } from "../../../shared/schemas/admin/common";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { writeAudit, type Actor } from "../audit/write-audit";
import { runList, totalField } from "./list";

const accountFields = {
  id: users.id,
  email: users.email,
  name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  phone: users.phoneNumber,
  role: users.role,
};

export function listAccounts(db: Db, query: ListQuery) {
  return runList(
    db,
    {
      select: (db) => db.select({ ...accountFields, total: totalField }).from(users).$dynamic(),
      search: [users.email, users.firstName, users.lastName],
      sorts: { id: users.id, email: users.email, role: users.role },
      defaultSort: "email",
      filters: { role: users.role },
      id: users.id,
      toItem: ({ total: _total, ...item }: { total: number }) => item,
    },
    query,
  );
}

export async function setAccountRole(db: Db, actor: Actor, id: number, role: Role) {
  if (id === actor.id) throw new ShopError("admin_own_role");
  return db.transaction(async (tx) => {
    const [before] = await tx.select(accountFields).from(users).where(eq(users.id, id)).for("update");
    if (!before) throw new ShopError("not_found");
    await tx.update(users).set({ role }).where(eq(users.id, id));
    const after = { ...before, role };
    if (before.role !== role) await writeAudit(tx, actor, "accounts", id, AUDIT_ACTION.update, { role: before.role }, { role });
    return after;
  });
}

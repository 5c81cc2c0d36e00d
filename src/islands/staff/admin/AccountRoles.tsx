/** Admins give an account its role (customer, staff, admin, driver): a searchable list with a role picker per row. */
import { useState } from "react";
import { api } from "../../../client/api";
import { ROLES, type Role } from "../../../shared/domain/roles";
import type { MeAnswer } from "../../auth/session-actions";
import { fill } from "../../ui/texts";
import { DataTable, type TableColumn } from "./DataTable";
import { useServerList } from "./list-state";
import { Pager, SearchBox } from "./list-parts";
import type { AdminTexts } from "./texts";

interface Account {
  id: number;
  email: string;
  name: string;
  phone: string;
  role: Role;
}

export function AccountRoles({ texts, me }: { texts: AdminTexts; me: MeAnswer }) {
  const list = useServerList<Account>("accounts", { key: "email", dir: "asc" });
  const [typed, setTyped] = useState("");
  const [chosen, setChosen] = useState<Record<number, Role>>({});
  const [saved, setSaved] = useState<Record<number, Role>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function save(account: Account) {
    const role = chosen[account.id] ?? account.role;
    setNotice(null);
    setFailure(null);
    try {
      const answer = await api("PUT /shop-api/admin/accounts/:id/role", { params: { id: String(account.id) }, body: { role } });
      setSaved((current) => ({ ...current, [account.id]: answer.role }));
      setNotice(fill(texts["admin.accounts.saved"], { email: answer.email, role: texts[`admin.role.${answer.role}`] }));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : texts["admin.load_error"]);
    }
  }

  const columns: TableColumn<Account>[] = [
    { key: "email", header: texts["admin.field.email"], sort: "email", cell: (row) => row.email },
    { key: "name", header: texts["admin.field.name"], cell: (row) => row.name },
    {
      key: "role",
      header: texts["admin.field.role"],
      sort: "role",
      cell: (row) => {
        const current = saved[row.id] ?? row.role;
        const own = row.id === me.id;
        return (
          <span className="admin-role-pick">
            <select
              aria-label={`${texts["admin.field.role"]}: ${row.email}`}
              value={chosen[row.id] ?? current}
              disabled={own}
              onChange={(event) => setChosen((picked) => ({ ...picked, [row.id]: event.target.value as Role }))}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {texts[`admin.role.${role}`]}
                </option>
              ))}
            </select>
            <button type="button" className="btn btn-secondary btn-small" disabled={own || (chosen[row.id] ?? current) === current} onClick={() => void save(row)}>
              {texts["admin.accounts.save"]}
            </button>
          </span>
        );
      },
    },
  ];

  return (
    <div className="admin-list">
      <h2 className="staff-heading">{texts["admin.accounts.title"]}</h2>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      <SearchBox texts={texts} value={typed} onChange={setTyped} onSearch={() => list.search(typed)} />
      {list.failed ? <p className="empty-text">{texts["admin.load_error"]}</p> : null}
      {!list.answer && !list.failed ? <div className="spinner" role="status" aria-label={texts["admin.loading"]} /> : null}
      {list.answer && list.answer.items.length === 0 ? <p className="empty-text">{texts["admin.accounts.none"]}</p> : null}
      {list.answer && list.answer.items.length > 0 ? (
        <>
          <DataTable rows={list.answer.items} columns={columns} sort={list.sort} onSort={list.sortBy} texts={texts} rowKey={(row) => String(row.id)} testId="admin-accounts" />
          <Pager texts={texts} page={list.page} pages={list.pages} total={list.answer.total} onPage={list.setPage} />
        </>
      ) : null}
    </div>
  );
}

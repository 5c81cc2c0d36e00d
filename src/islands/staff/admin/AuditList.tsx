/** The audit log for admins: who changed which row when, and, opened, each field's value before and after. */
import { Fragment, useState } from "react";
import type { AdminAuditItem } from "../../../shared/schemas/admin/audit";
import { formatDateTime, timeZoneOf } from "../../../shared/format/dates";
import { DEFAULT_COUNTRY, type Locale } from "../../../shared/locales";
import { ORDER_ACTOR, ORDER_ACTORS, type OrderActorKind } from "../../../shared/domain/order-states";
import { DataTable, type TableColumn } from "./DataTable";
import { useServerList } from "./list-state";
import { Pager, SearchBox } from "./list-parts";
import type { AdminKey, AdminTexts } from "./texts";

/** The top-level fields whose value differs between before and after (all of them for a create or a delete). */
export function changedFields(before: unknown, after: unknown): { key: string; before: string; after: string }[] {
  const asObject = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});
  const left = asObject(before);
  const right = asObject(after);
  const show = (value: unknown) => (value === undefined ? "—" : JSON.stringify(value));
  return [...new Set([...Object.keys(left), ...Object.keys(right)])]
    .filter((key) => JSON.stringify(left[key]) !== JSON.stringify(right[key]))
    .map((key) => ({ key, before: show(left[key]), after: show(right[key]) }));
}

/**
 * Who made a change: a person by their email; the shop's own actors by their word, as the order desk's history says
 * them: the sweeper, a gateway by its name (the log keeps the gateway's code, e.g. "webpay"), a kind alone.
 */
export function auditWho(userEmail: string, texts: Pick<AdminTexts, `admin.actor.${OrderActorKind}`>): string {
  if (userEmail.includes("@")) return userEmail;
  if (userEmail === "") return "—";
  if ((ORDER_ACTORS as readonly string[]).includes(userEmail)) return texts[`admin.actor.${userEmail as OrderActorKind}`];
  return `${texts[`admin.actor.${ORDER_ACTOR.gateway}`]} (${userEmail})`;
}

/** A change belongs to no event: it reads in the shop's home country's zone, like the staff's order lists. */
const AUDIT_TIME_ZONE = timeZoneOf(DEFAULT_COUNTRY);

export function AuditList({ texts }: { texts: AdminTexts; locale: Locale }) {
  const list = useServerList<AdminAuditItem>("audit", { key: "createdAt", dir: "desc" });
  const [typed, setTyped] = useState("");
  const [open, setOpen] = useState<number | null>(null);
  const columns: TableColumn<AdminAuditItem>[] = [
    { key: "createdAt", header: texts["admin.field.when"], sort: "createdAt", cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, AUDIT_TIME_ZONE)}</time> },
    { key: "userEmail", header: texts["admin.field.who"], sort: "userEmail", cell: (row) => auditWho(row.userEmail, texts) },
    { key: "action", header: texts["admin.field.action"], cell: (row) => texts[`admin.action.${row.action}`] },
    { key: "resource", header: texts["admin.field.resource"], sort: "resource", cell: (row) => `${texts[`admin.resource.${row.resource}` as AdminKey] ?? row.resource} #${row.resourceId}` },
    {
      key: "changes",
      header: texts["admin.field.changes"],
      cell: (row) => {
        const fields = changedFields(row.before, row.after);
        const shown = open === row.id;
        return (
          <Fragment>
            <button type="button" className="btn btn-ghost btn-small" aria-expanded={shown} onClick={() => setOpen(shown ? null : row.id)}>
              {shown ? texts["admin.audit.hide"] : texts["admin.audit.show"]} ({fields.length})
            </button>
            {shown ? (
              fields.length === 0 ? (
                <p className="staff-muted">{texts["admin.audit.no_changes"]}</p>
              ) : (
                <dl className="admin-diff">
                  {fields.map((field) => (
                    <div key={field.key}>
                      <dt>{field.key}</dt>
                      <dd>
                        <span className="admin-diff-before">
                          {texts["admin.field.before"]}: {field.before}
                        </span>
                        <span className="admin-diff-after">
                          {texts["admin.field.after"]}: {field.after}
                        </span>
                      </dd>
                    </div>
                  ))}
                </dl>
              )
            ) : null}
          </Fragment>
        );
      },
    },
  ];
  return (
    <div className="admin-list">
      <h2 className="staff-heading">{texts["admin.audit.title"]}</h2>
      <SearchBox texts={texts} value={typed} onChange={setTyped} onSearch={() => list.search(typed)} />
      {list.failed ? <p className="empty-text">{texts["admin.load_error"]}</p> : null}
      {!list.answer && !list.failed ? <div className="spinner" role="status" aria-label={texts["admin.loading"]} /> : null}
      {list.answer && list.answer.items.length === 0 ? <p className="empty-text">{texts["admin.list.empty"]}</p> : null}
      {list.answer && list.answer.items.length > 0 ? (
        <>
          <DataTable rows={list.answer.items} columns={columns} sort={list.sort} onSort={list.sortBy} texts={texts} rowKey={(row) => String(row.id)} testId="admin-audit" />
          <Pager texts={texts} page={list.page} pages={list.pages} total={list.answer.total} onPage={list.setPage} />
        </>
      ) : null}
    </div>
  );
}

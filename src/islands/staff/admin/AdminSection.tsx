/**
 * A back-office section of the staff area (admins only): the resource's list at /staff/{resource}, a new row's
 * form at /staff/{resource}/new and a row's at /staff/{resource}/{id}; the audit log at /staff/audit. The words
 * arrive as one static file for the page's locale when the first section opens.
 */
import { useEffect, useState, type MouseEvent } from "react";
import { loadTexts } from "../../ui/load-texts";
import type { SectionProps } from "../section-props";
import type { AdminSection as AdminSectionName } from "../sections";
import { AccountRoles } from "./AccountRoles";
import { AuditList } from "./AuditList";
import { SeatPools } from "./SeatPools";
import { viewFromPath, viewPath, type AdminView } from "./paths";
import { ResourceForm } from "./ResourceForm";
import { ResourceList } from "./ResourceList";
import { RESOURCES } from "./resources";
import type { AdminTexts } from "./texts";
import "./admin.css";

let textsOnce: Promise<AdminTexts> | null = null;

export default function AdminSection({ prefix, locale, texts: staffTexts, resource, me }: SectionProps & { resource: AdminSectionName }) {
  const [texts, setTexts] = useState<AdminTexts | null>(null);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<AdminView>(() => viewFromPath(window.location.pathname, resource));
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    textsOnce ??= loadTexts<AdminTexts>("admin", locale);
    textsOnce.then(setTexts).catch(() => {
      textsOnce = null;
      setFailed(true);
    });
  }, [locale]);

  useEffect(() => {
    const onPop = () => {
      setNotice(null);
      setView(viewFromPath(window.location.pathname, resource));
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [resource]);

  function go(next: AdminView, message: string | null = null) {
    window.history.pushState(null, "", viewPath(prefix, resource, next));
    setNotice(message);
    setView(next);
    window.scrollTo({ top: 0 });
    document.getElementById("account-panel")?.focus({ preventScroll: true });
  }

  if (failed) return <p className="empty-text">{staffTexts["staff.load_error"]}</p>;
  if (!texts) return <div className="spinner" role="status" aria-label={staffTexts["staff.loading"]} />;
  if (resource === "audit") return <AuditList texts={texts} locale={locale} />;
  if (resource === "accounts") return <AccountRoles texts={texts} me={me} />;
  if (resource === "seat-pools") return <SeatPools texts={texts} locale={locale} />;

  const decl = RESOURCES[resource]!;
  if (view.kind === "list") {
    return (
      <ResourceList
        decl={decl}
        texts={texts}
        locale={locale}
        notice={notice}
        hrefOf={(id) => viewPath(prefix, resource, id === "new" ? { kind: "new" } : { kind: "edit", id })}
        open={(event: MouseEvent<HTMLAnchorElement>, id) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          go(id === "new" ? { kind: "new" } : { kind: "edit", id });
        }}
      />
    );
  }
  return (
    <ResourceForm
      key={view.kind === "edit" ? view.id : "new"}
      decl={decl}
      id={view.kind === "edit" ? view.id : null}
      texts={texts}
      locale={locale}
      notice={notice}
      onSaved={(id, created) => go({ kind: "edit", id }, created ? texts["admin.form.created"] : texts["admin.form.saved"])}
      onDeleted={() => go({ kind: "list" }, texts["admin.form.deleted"])}
      onBack={() => go({ kind: "list" })}
    />
  );
}

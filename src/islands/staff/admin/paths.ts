/** Where a back-office screen lives: /staff/{resource} lists, /staff/{resource}/new creates, /staff/{resource}/{id} edits. */
export type AdminView = { kind: "list" } | { kind: "new" } | { kind: "edit"; id: number };

export function viewFromPath(pathname: string, resource: string): AdminView {
  const parts = pathname.split("/").filter(Boolean);
  const at = parts.lastIndexOf(resource);
  const next = at >= 0 ? parts[at + 1] : undefined;
  if (next === "new") return { kind: "new" };
  if (next && /^\d{1,9}$/.test(next)) return { kind: "edit", id: Number(next) };
  return { kind: "list" };
}

export function viewPath(prefix: string, resource: string, view: AdminView): string {
  const base = `${prefix}/staff/${resource}`;
  return view.kind === "list" ? base : view.kind === "new" ? `${base}/new` : `${base}/${view.id}`;
}

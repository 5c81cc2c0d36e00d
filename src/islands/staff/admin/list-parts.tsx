/** The search box and the pager every back-office list shares. */
import { fill } from "../../ui/texts";
import type { AdminTexts } from "./texts";

export function SearchBox({ texts, value, onChange, onSearch }: { texts: AdminTexts; value: string; onChange(value: string): void; onSearch(): void }) {
  return (
    <form
      className="staff-filters"
      role="search"
      aria-label={texts["admin.list.search"]}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <label>
        {texts["admin.list.search"]}
        <input type="search" value={value} maxLength={120} onChange={(event) => onChange(event.target.value)} />
      </label>
      <button type="submit" className="btn btn-secondary">
        {texts["admin.list.search"]}
      </button>
    </form>
  );
}

export function Pager({ texts, page, pages, total, onPage }: { texts: AdminTexts; page: number; pages: number; total: number; onPage(page: number): void }) {
  return (
    <nav className="staff-pager" aria-label={texts["admin.list.pages_label"]}>
      <button type="button" className="btn btn-ghost btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← {texts["admin.list.prev"]}
      </button>
      <span aria-live="polite">{fill(texts["admin.list.page"], { page, pages, total })}</span>
      <button type="button" className="btn btn-ghost btn-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {texts["admin.list.next"]} →
      </button>
    </nav>
  );
}

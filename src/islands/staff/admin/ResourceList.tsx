/** A back-office resource's list: search, sortable columns, pages, and a link to each row's form. */
import { useState, type MouseEvent } from "react";
import type { Locale } from "../../../shared/locales";
import { fill } from "../../ui/texts";
import { DataTable, type TableColumn } from "./DataTable";
import type { ResourceDecl, Row } from "./declarations";
import { useServerList } from "./list-state";
import { Pager, SearchBox } from "./list-parts";
import type { AdminKey, AdminTexts } from "./texts";

interface Props {
  decl: ResourceDecl;
  texts: AdminTexts;
  locale: Locale;
  notice: string | null;
  hrefOf(id: number | "new"): string;
  open(event: MouseEvent<HTMLAnchorElement>, id: number | "new"): void;
}

export function ResourceList({ decl, texts, locale, notice, hrefOf, open }: Props) {
  const list = useServerList<Row>(decl.name, { key: decl.defaultSort, dir: "asc" });
  const [typed, setTyped] = useState("");
  const context = { texts, locale };
  const columns: TableColumn<Row>[] = decl.columns.map((column, index) => ({
    key: column.key,
    header: texts[column.label],
    sort: column.sort,
    cell: (row) => {
      const shown = column.cell ? column.cell(row, context) : String(row[column.key] ?? "");
      // The second column names the row: it is the link to its form.
      return index === 1 ? (
        <a href={hrefOf(row.id)} onClick={(event) => open(event, row.id)} aria-label={fill(texts["admin.list.edit"], { name: decl.rowLabel(row) || `#${row.id}` })}>
          {shown || `#${row.id}`}
        </a>
      ) : (
        shown
      );
    },
  }));

  return (
    <div className="admin-list">
      <div className="admin-list-head">
        <h2 className="staff-heading">{texts[`admin.${decl.name}.title` as AdminKey]}</h2>
        <a className="btn btn-primary btn-small" href={hrefOf("new")} onClick={(event) => open(event, "new")}>
          + {texts[`admin.${decl.name}.new` as AdminKey]}
        </a>
      </div>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      <SearchBox texts={texts} value={typed} onChange={setTyped} onSearch={() => list.search(typed)} />
      {list.failed ? <p className="empty-text">{texts["admin.load_error"]}</p> : null}
      {!list.answer && !list.failed ? <div className="spinner" role="status" aria-label={texts["admin.loading"]} /> : null}
      {list.answer && list.answer.items.length === 0 ? <p className="empty-text">{texts["admin.list.empty"]}</p> : null}
      {list.answer && list.answer.items.length > 0 ? (
        <>
          <DataTable rows={list.answer.items} columns={columns} sort={list.sort} onSort={list.sortBy} texts={texts} rowKey={(row) => String(row.id)} testId={`admin-${decl.name}`} />
          <Pager texts={texts} page={list.page} pages={list.pages} total={list.answer.total} onPage={list.setPage} />
        </>
      ) : null}
    </div>
  );
}

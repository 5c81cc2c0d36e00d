/** The search, sort and page of a back-office list, and the page the server answered for them. */
import { useEffect, useState } from "react";
import { api } from "../../../client/api";

export interface Page<R> {
  items: R[];
  total: number;
  page: number;
  pageSize: number;
}

export const PAGE_SIZE = 20;

export function useServerList<R>(resource: string, defaultSort: { key: string; dir: "asc" | "desc" } | null) {
  const [q, setQ] = useState("");
  const [sort, setSort] = useState(defaultSort);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<Page<R> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    // Every admin list answers the same page shape; the resource is a declaration's string.
    api(`GET /shop-api/admin/${resource}` as "GET /shop-api/admin/provinces", {
      query: { q: q || undefined, sort: sort?.key, dir: sort?.dir, page, pageSize: PAGE_SIZE },
    })
      .then((result) => live && setAnswer(result as unknown as Page<R>))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [resource, q, sort, page]);

  return {
    answer,
    failed,
    sort,
    page,
    pages: answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1,
    search(text: string) {
      setPage(1);
      setQ(text.trim());
    },
    sortBy(key: string) {
      setPage(1);
      setSort((current) => (current?.key === key ? { key, dir: current.dir === "asc" ? "desc" : "asc" } : { key, dir: "asc" }));
    },
    setPage,
  };
}

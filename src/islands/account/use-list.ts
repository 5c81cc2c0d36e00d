/** One of the caller's lists (friends, addresses, purchases): loading, then the rows or a load error. */
import { useEffect, useState } from "react";
import { api } from "../../client/api";
import type { AnswerOf } from "../../shared/api/contract";

type ListPath = "/shop-api/frequent-friends" | "/shop-api/frequent-addresses" | "/shop-api/payment-history";
/** Each list's row, as the contract answers it. */
type Rows = { [P in ListPath]: AnswerOf<`GET ${P}`> extends (infer Row)[] ? Row : never };

export function useList<P extends ListPath>(path: P) {
  const [items, setItems] = useState<Rows[P][]>([]);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  useEffect(() => {
    let live = true;
    api(`GET ${path as ListPath}`)
      .then((rows) => {
        if (!live) return;
        setItems(rows as Rows[P][]);
        setState("ready");
      })
      .catch(() => live && setState("error"));
    return () => {
      live = false;
    };
  }, [path]);
  /** DELETE {path}/{id}, then drop the row; a refusal is thrown for the caller to tell. */
  async function removeRow(id: number) {
    await api(`DELETE ${path as Exclude<ListPath, "/shop-api/payment-history">}/:id`, { params: { id } });
    setItems((rows) => rows.filter((row) => (row as { id: number }).id !== id));
  }
  return { items, setItems, state, removeRow };
}

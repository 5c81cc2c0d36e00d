/** One of the caller's lists (friends, addresses, purchases): loading, then the rows or a load error. */
import { useEffect, useState } from "react";
import { api } from "../../client/api";

export function useList<T>(path: string) {
  const [items, setItems] = useState<T[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  useEffect(() => {
    let live = true;
    api<T[]>(path)
      .then((rows) => {
        if (!live) return;
        setItems(rows);
        setState("ready");
      })
      .catch(() => live && setState("error"));
    return () => {
      live = false;
    };
  }, [path]);
  /** DELETE {path}/{id}, then drop the row; a refusal is thrown for the caller to tell. */
  async function removeRow(id: number) {
    await api(`${path}/${id}`, { method: "DELETE" });
    setItems((rows) => rows.filter((row) => (row as { id?: number }).id !== id));
  }
  return { items, setItems, state, removeRow };
}

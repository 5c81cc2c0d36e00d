/** The person's frequent addresses or friends, for the address and passenger steps. */
import { useEffect, useState } from "react";
import { api } from "../../client/api";
import type { AnswerOf } from "../../shared/api/contract";

export type { FrequentAddress, FrequentFriend } from "../../shared/schemas/answers/account";

type FrequentPath = "/shop-api/frequent-addresses" | "/shop-api/frequent-friends";
type Rows = { [P in FrequentPath]: AnswerOf<`GET ${P}`> };

/** The list, or null while it loads; a failed call leaves the steps usable with an empty list. */
export function useFrequent<P extends FrequentPath>(path: P): Rows[P] | null {
  const [rows, setRows] = useState<Rows[P] | null>(null);
  useEffect(() => {
    let live = true;
    api(`GET ${path as FrequentPath}`)
      .then((answer) => live && setRows(answer as Rows[P]))
      .catch(() => live && setRows([] as Rows[P]));
    return () => {
      live = false;
    };
  }, [path]);
  return rows;
}

/** The person's frequent addresses or friends (account spec section 7), for the address and passenger steps. */
import { useEffect, useState } from "react";
import { api } from "../../client/api";

export interface FrequentAddress {
  id: number;
  name: string;
  countyId: number;
  myAddress: boolean;
}

export interface FrequentFriend {
  id: number;
  fullname: string;
  email: string;
  phone: string;
}

/** The list, or null while it loads; a failed call leaves the steps usable with an empty list. */
export function useFrequent<T>(path: "/shop-api/frequent-addresses" | "/shop-api/frequent-friends"): T[] | null {
  const [rows, setRows] = useState<T[] | null>(null);
  useEffect(() => {
    let live = true;
    api<T[]>(path)
      .then((answer) => live && setRows(answer))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [path]);
  return rows;
}

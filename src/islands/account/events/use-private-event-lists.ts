/** The four lists of the Events tab, loaded together so the tab can tell "none created yet". */
import { useCallback, useEffect, useState } from "react";
import { api } from "../../../client/api";
import { PRIVATE_EVENT_LIST } from "../../../shared/domain/private-events";
import type { PrivateEventAnswer, InvitedEvent } from "../../../shared/schemas/answers/private-events";

export type ListName = "invited" | "active" | "review" | "finished";
export const LIST_NAMES: ListName[] = ["invited", "active", "review", "finished"];
/** Each tab's list as the API names it (the "saved" list has no tab of its own). */
const STATE_OF = { active: PRIVATE_EVENT_LIST.active, review: PRIVATE_EVENT_LIST.inProgress, finished: PRIVATE_EVENT_LIST.finished } as const;

export interface Lists {
  invited: InvitedEvent[] | "error" | null;
  active: PrivateEventAnswer[] | "error" | null;
  review: PrivateEventAnswer[] | "error" | null;
  finished: PrivateEventAnswer[] | "error" | null;
}

export function usePrivateEventLists() {
  const [lists, setLists] = useState<Lists>({ invited: null, active: null, review: null, finished: null });
  const load = useCallback(() => {
    setLists({ invited: null, active: null, review: null, finished: null });
    api("GET /shop-api/invited-events")
      .then((rows) => setLists((now) => ({ ...now, invited: rows })))
      .catch(() => setLists((now) => ({ ...now, invited: "error" })));
    for (const name of ["active", "review", "finished"] as const) {
      api("GET /shop-api/event-requests", { query: { state: STATE_OF[name] } })
        // A `{ message }` answer means the list is empty.
        .then((answer) => setLists((now) => ({ ...now, [name]: Array.isArray(answer) ? answer : [] })))
        .catch(() => setLists((now) => ({ ...now, [name]: "error" })));
    }
  }, []);
  useEffect(load, [load]);
  return { lists, reload: load };
}

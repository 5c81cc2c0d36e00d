/**
 * The signed-in person of a client-only area (account, staff): without a valid token, with a refused one, or
 * when `admits` says no (a customer in the staff area), the person is sent to the site's home; a failed load
 * is reported so the area can say so (account.md section 2).
 */
import { useEffect, useState } from "react";
import { ApiFailure } from "../../client/api";
import { getValidToken, logOut } from "../../stores/session";
import { reloadMe, type MeAnswer } from "./session-actions";

export function useSignedIn(home: string, admits: (me: MeAnswer) => boolean = () => true) {
  const [me, setMe] = useState<MeAnswer | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!getValidToken()) {
      window.location.replace(home);
      return;
    }
    reloadMe()
      .then((answer) => {
        if (admits(answer)) setMe(answer);
        else window.location.replace(home);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiFailure && error.status === 401) {
          logOut();
          window.location.replace(home);
          return;
        }
        setFailed(true);
      });
    // `admits` is a fixed rule of the area, not a value that changes: only the home address reruns this.
  }, [home]);

  return { me, setMe, failed };
}

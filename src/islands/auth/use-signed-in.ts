/**
 * The signed-in person of a client-only area (account, staff). Signed out on arrival (a mail's link, an expired
 * session), the person is asked to log in right there, so the address they came for, with its query (an
 * invitation's claim), still works after it; a refused token is dropped the same way. When `admits` says no
 * (a customer in the staff area) the person is sent to the site's home; a failed load is reported so the area can
 * say so.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { ApiFailure } from "../../client/api";
import { $loggedIn, $token, logOut } from "../../stores/session";
import { reloadMe, type MeAnswer } from "./session-actions";

export const openLogin = () => void import("./open-auth").then((module) => module.openAuth("login"));

/**
 * `offline` answers the person when the network is gone (the van-door scanner opens without network after a
 * visit online): a failed load for want of network then uses it instead of failing.
 */
export function useSignedIn(home: string, admits: (me: MeAnswer) => boolean = () => true, offline?: () => MeAnswer | null) {
  const loggedIn = useStore($loggedIn);
  const [me, setMe] = useState<MeAnswer | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!loggedIn) {
      if ($token.get()) logOut();
      setMe(null);
      openLogin();
      return;
    }
    let current = true;
    reloadMe()
      .then((answer) => {
        if (!current) return;
        if (admits(answer)) setMe(answer);
        else window.location.replace(home);
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof ApiFailure && error.status === 401) logOut();
        else {
          const kept = error instanceof ApiFailure && (error.code === "network_error" || error.status === 0) ? offline?.() : null;
          if (kept && admits(kept)) setMe(kept);
          else setFailed(true);
        }
      });
    return () => {
      current = false;
    };
    // `admits` is a fixed rule of the area, not a value that changes.
  }, [home, loggedIn]);

  return { me, setMe, failed, signedOut: !loggedIn };
}

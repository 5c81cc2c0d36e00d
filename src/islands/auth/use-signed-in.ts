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

export function useSignedIn(home: string, admits: (me: MeAnswer) => boolean = () => true) {
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
        else setFailed(true);
      });
    return () => {
      current = false;
    };
    // `admits` is a fixed rule of the area, not a value that changes.
  }, [home, loggedIn]);

  return { me, setMe, failed, signedOut: !loggedIn };
}

/**
 * The signed-in person of a client-only area (account, staff). Signed out on arrival (no token, an unreadable one,
 * one within 5 s of its expiry, or one the server refuses): the staff area asks to log in right there; the account
 * area sends the person to the site's home, where the log-in opens and, once it
 * succeeds, brings them back to the address they came for, with its query (an invitation's claim). When `admits`
 * says no (a customer in the staff area) the person is sent to the site's home; a failed load is reported so the
 * area can say so.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { ApiFailure } from "../../client/api";
import { $loggedIn, $token, logOut, rememberAfterLogin } from "../../stores/session";
import { reloadMe, type MeAnswer } from "./session-actions";

export const openLogin = () => void import("./open-auth").then((module) => module.openAuth("login"));

export interface SignedInOptions {
  /** Signed out: "prompt" asks to log in on the spot, "home" sends the person home to log in and come back. */
  signedOut?: "prompt" | "home";
  /**
   * Answers the person when the network is gone (the van-door scanner opens without network after a visit
   * online): a failed load for want of network then uses it instead of failing.
   */
  offline?: () => MeAnswer | null;
}

export function useSignedIn(home: string, admits: (me: MeAnswer) => boolean = () => true, options: SignedInOptions = {}) {
  const loggedIn = useStore($loggedIn);
  const [me, setMe] = useState<MeAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  // Whether this page showed the person's data: signing out then (Salir) goes home without asking to log in again.
  const shown = useRef(false);

  useEffect(() => {
    if (!loggedIn) {
      if ($token.get()) logOut();
      setMe(null);
      if (options.signedOut === "home") {
        if (!shown.current) rememberAfterLogin(`${window.location.pathname}${window.location.search}`);
        window.location.replace(home);
        return;
      }
      openLogin();
      return;
    }
    let current = true;
    reloadMe()
      .then((answer) => {
        if (!current) return;
        if (admits(answer)) {
          shown.current = true;
          setMe(answer);
        }
        else window.location.replace(home);
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof ApiFailure && error.status === 401) logOut();
        else {
          const kept = error instanceof ApiFailure && (error.code === "network_error" || error.status === 0) ? options.offline?.() : null;
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

/**
 * /verify-account/{token}: "Verifica tu Cuenta", a spinner until the call
 * answers, then "Cuenta verificada correctamente" with a log-in control, or "Ocurrio un error al verificar
 * la cuenta".
 */
import { useEffect, useRef, useState } from "react";
import { ApiFailure, api } from "../../client/api";
import { tokenFromPath } from "./page-token";
import type { AuthTexts } from "./texts";
import "./auth.css";

/** "already": the link was spent, so the account it named is verified (a second click, a mail scanner). */
type State = "checking" | "verified" | "already" | "failed";

export default function VerifyAccount({ texts }: { texts: AuthTexts }) {
  const [state, setState] = useState<State>("checking");
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = tokenFromPath(window.location.pathname, "verify-account");
    if (!token) {
      setState("failed");
      return;
    }
    api("GET /shop-api/verify-account", { query: { token } })
      .then(() => setState("verified"))
      .catch((error: unknown) => setState(error instanceof ApiFailure && error.code === "token_used" ? "already" : "failed"));
  }, []);

  const logIn = () => void import("./open-auth").then((module) => module.openAuth("login"));

  return (
    <div className="auth-card" aria-busy={state === "checking"}>
      <h1>{texts["auth.verify.title"]}</h1>
      <div className="auth-state" role="status">
        {state === "checking" ? (
          <>
            <div className="spinner" aria-hidden="true" />
            <p className="sr-only">{texts["auth.verify.pending"]}</p>
          </>
        ) : null}
        {state === "verified" ? (
          <>
            <p className="auth-state-ok">{texts["auth.verify.success"]}</p>
            <button type="button" className="btn btn-primary" onClick={logIn}>
              {texts["auth.verify.login"]}
            </button>
          </>
        ) : null}
        {state === "already" ? (
          <>
            <p className="auth-state-ok">{texts["auth.verify.already"]}</p>
            <button type="button" className="btn btn-primary" onClick={logIn}>
              {texts["auth.verify.login"]}
            </button>
          </>
        ) : null}
        {state === "failed" ? (
          <>
            <p className="auth-state-error">{texts["auth.verify.error"]}</p>
            {/* An expired link: logging in tells an unverified account so and offers a new link. */}
            <button type="button" className="btn btn-ghost" onClick={logIn}>
              {texts["auth.verify.login"]}
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}

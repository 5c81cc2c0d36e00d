/**
 * /recovery-account/{token}: two password fields; when they differ a
 * 4 s toast "LAS CONTRASEÑAS INGRESADAS DEBEN COINCIDIR" and no call; after the reset call succeeds, a
 * success screen with a log-in control. A failed call shows the same toast (a mismatch and a failed reset
 * call read alike) and, under the form, the server's reason (e.g. the link expired), so the person knows what to do.
 */
import { useState } from "react";
import * as z from "zod/mini";
import { ApiFailure, api } from "../../client/api";
import { password } from "../../shared/schemas/auth";
import { SHORT_TOAST_MS, showToast } from "../../stores/toasts";
import { PasswordField } from "../ui/fields";
import { tokenFromPath } from "./page-token";
import { messageOf } from "../ui/texts";
import type { AuthTexts } from "./texts";
import { failureMessage, useSchemaForm } from "../ui/use-schema-form";
import "./auth.css";

/** Each field alone; the match is checked on submit so a mismatch is the toast above, not a field error. */
const resetFormSchema = z.object({ password1: password, password2: password });

export default function ResetPassword({ texts }: { texts: AuthTexts }) {
  const form = useSchemaForm(resetFormSchema, { password1: "", password2: "" });
  const [done, setDone] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    if (values.password1 !== values.password2) {
      showToast("error", texts.passwords_must_match, SHORT_TOAST_MS);
      return;
    }
    const token = tokenFromPath(window.location.pathname, "recovery-account");
    setReason(null);
    try {
      await api("POST /shop-api/reset-password", { query: { token }, body: values });
      setDone(true);
    } catch (error) {
      // A malformed link is refused as a form error on `token`, a field this page does not show: name the link.
      const linkProblem = error instanceof ApiFailure ? error.fields.token : undefined;
      setReason(linkProblem ?? failureMessage(error, texts.passwords_must_match));
      showToast("error", texts.passwords_must_match, SHORT_TOAST_MS);
    }
  });

  const logIn = () => void import("./open-auth").then((module) => module.openAuth("login"));

  if (done) {
    return (
      <div className="auth-card">
        <div className="auth-state" role="status">
          <h1>{texts["auth.reset.success_title"]}</h1>
          <p>{texts["auth.reset.success_body"]}</p>
          <button type="button" className="btn btn-primary" onClick={logIn}>
            {texts["auth.reset.login"]}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="auth-card">
      <h1>{texts["auth.reset.title"]}</h1>
      <form className="auth-form" noValidate onSubmit={submit}>
        <PasswordField
          label={texts["auth.reset.password1"]}
          autoComplete="new-password"
          registration={form.register("password1")}
          error={messageOf(texts, errors.password1?.message)}
          showLabel={texts["auth.show_password"]}
          hideLabel={texts["auth.hide_password"]}
        />
        <PasswordField
          label={texts["auth.reset.password2"]}
          autoComplete="new-password"
          registration={form.register("password2")}
          error={messageOf(texts, errors.password2?.message)}
          showLabel={texts["auth.show_password"]}
          hideLabel={texts["auth.hide_password"]}
        />
        {reason ? (
          <p className="auth-problem" role="alert">
            {reason}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary auth-submit" disabled={form.formState.isSubmitting}>
          {texts["auth.reset.submit"]}
        </button>
      </form>
    </div>
  );
}

/**
 * Log-in: email and password with the storefront's message keys (`email_is_required` ...); a wrong password
 * shows `login_error`, success `login_success`; an account that is not verified yet is told so and can
 * ask for a new verification mail.
 */
import { useState } from "react";
import { ApiFailure, api } from "../../client/api";
import { loginSchema } from "../../shared/schemas/auth";
import { showToast } from "../../stores/toasts";
import { DialogFrame } from "./DialogFrame";
import { InputField, PasswordField } from "../ui/fields";
import { signIn } from "./session-actions";
import { takeAfterLogin } from "../../stores/session";
import { messageOf } from "../ui/texts";
import type { AuthTexts } from "./texts";
import { failureMessage, showServerFields, useSchemaForm } from "../ui/use-schema-form";

interface Props {
  texts: AuthTexts;
  open: boolean;
  onClose(): void;
  onSignUp(): void;
  onRecovery(): void;
}

export function LoginDialog({ texts, open, onClose, onSignUp, onRecovery }: Props) {
  const form = useSchemaForm(loginSchema, { email: "", password: "" });
  const [problem, setProblem] = useState<{ message: string; unverified: boolean } | null>(null);
  const [resending, setResending] = useState(false);
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await signIn(values.email, values.password);
      showToast("success", texts.login_success);
      form.reset();
      // Sent home from the account area to log in: back to the address the person came for.
      const next = takeAfterLogin();
      if (next) {
        window.location.assign(next);
        return;
      }
      onClose();
    } catch (error) {
      if (showServerFields(form, error)) return;
      const unverified = error instanceof ApiFailure && error.code === "account_not_verified";
      const message = error instanceof ApiFailure && error.code === "login_error" ? texts.login_error : failureMessage(error, texts["auth.network_error"]);
      setProblem({ message, unverified });
      if (!unverified) showToast("error", message);
    }
  });

  async function resend() {
    setResending(true);
    try {
      await api("POST /shop-api/resend-verification", { body: { email: form.getValues("email") } });
      showToast("success", texts["auth.login.resent"]);
      setProblem(null);
    } catch (error) {
      showToast("error", failureMessage(error, texts["auth.network_error"]));
    } finally {
      setResending(false);
    }
  }

  return (
    <DialogFrame
      name="login"
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={texts["auth.login.title"]}
      description={texts["auth.login.intro"]}
      closeLabel={texts["auth.close"]}
    >
      <form className="auth-form" noValidate onSubmit={submit}>
        <InputField
          label={texts["auth.email"]}
          type="email"
          autoComplete="email"
          inputMode="email"
          registration={form.register("email")}
          error={messageOf(texts, errors.email?.message)}
        />
        <PasswordField
          label={texts["auth.password"]}
          autoComplete="current-password"
          registration={form.register("password")}
          error={messageOf(texts, errors.password?.message)}
          showLabel={texts["auth.show_password"]}
          hideLabel={texts["auth.hide_password"]}
        />
        {problem ? (
          <div className="auth-problem" role="alert">
            <p>{problem.message}</p>
            {problem.unverified ? (
              <button type="button" className="link-button" onClick={resend} disabled={resending}>
                {texts["auth.login.resend"]}
              </button>
            ) : null}
          </div>
        ) : null}
        <button type="button" className="link-button auth-forgot" onClick={onRecovery}>
          {texts["auth.login.forgot"]}
        </button>
        <button type="submit" className="btn btn-primary auth-submit" disabled={form.formState.isSubmitting}>
          {texts["auth.login.submit"]}
        </button>
      </form>
      <p className="auth-switch">
        {texts["auth.login.no_account"]}{" "}
        <button type="button" className="link-button" onClick={onSignUp}>
          {texts["auth.login.to_signup"]}
        </button>
      </p>
    </DialogFrame>
  );
}

/**
 * Account recovery: step 0 asks for the email, step 1 says a reset link
 * is on its way; an unknown email is a 4 s toast.
 */
import { useState } from "react";
import { api } from "../../client/api";
import { recoverySchema } from "../../shared/schemas/auth";
import { SHORT_TOAST_MS, showToast } from "../../stores/toasts";
import { DialogFrame } from "./DialogFrame";
import { InputField } from "../ui/fields";
import { messageOf } from "../ui/texts";
import type { AuthTexts } from "./texts";
import { failureMessage, showServerFields, useSchemaForm } from "../ui/use-schema-form";

interface Props {
  texts: AuthTexts;
  open: boolean;
  onClose(): void;
  onLogIn(): void;
}

export function RecoveryDialog({ texts, open, onClose, onLogIn }: Props) {
  const form = useSchemaForm(recoverySchema, { email: "" });
  const [step, setStep] = useState<0 | 1>(0);
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      await api("POST /shop-api/recovery", { body: values });
      setStep(1);
      form.reset();
    } catch (error) {
      if (showServerFields(form, error)) return;
      showToast("error", failureMessage(error, texts["auth.network_error"]), SHORT_TOAST_MS);
    }
  });

  function close() {
    setStep(0);
    onClose();
  }

  return (
    <DialogFrame
      name="recovery"
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={texts["auth.recovery.title"]}
      description={step === 0 ? texts["auth.recovery.intro"] : undefined}
      closeLabel={texts["auth.close"]}
    >
      {step === 0 ? (
        <form className="auth-form" noValidate onSubmit={submit}>
          <InputField label={texts["auth.email"]} type="email" autoComplete="email" inputMode="email" registration={form.register("email")} error={messageOf(texts, errors.email?.message)} />
          <button type="submit" className="btn btn-primary auth-submit" disabled={form.formState.isSubmitting}>
            {texts["auth.recovery.submit"]}
          </button>
        </form>
      ) : (
        <div className="auth-sent" role="status">
          <p>{texts["auth.recovery.sent"]}</p>
        </div>
      )}
      <p className="auth-switch">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setStep(0);
            onLogIn();
          }}
        >
          {texts["auth.recovery.back"]}
        </button>
      </p>
    </DialogFrame>
  );
}

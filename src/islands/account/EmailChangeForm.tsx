/**
 * The profile's "change email" form: the new address and the current password. The change happens only when the
 * link mailed to the new address is opened (POST /shop-api/me/email), so the form only says where the link went.
 */
import { api } from "../../client/api";
import { emailChangeSchema } from "../../shared/schemas/account";
import { showToast } from "../../stores/toasts";
import { InputField } from "../ui/fields";
import { fill, messageOf } from "../ui/texts";
import { failureMessage, showServerFields, useSchemaForm } from "../ui/use-schema-form";
import type { AccountTexts } from "./texts";

export function EmailChangeForm({ texts }: { texts: AccountTexts }) {
  const form = useSchemaForm(emailChangeSchema, { email: "", password: "" });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      await api("POST /shop-api/me/email", { body: values });
      form.reset({ email: "", password: "" });
      showToast("success", fill(texts["account.email_change.sent"], { email: values.email }));
    } catch (error) {
      if (showServerFields(form, error)) return;
      showToast("error", failureMessage(error, texts["auth.network_error"]));
    }
  });

  return (
    <form className="account-form email-change-form" noValidate onSubmit={submit} aria-labelledby="email-change-title">
      <h2 id="email-change-title" className="account-subtitle">
        {texts["account.email_change.title"]}
      </h2>
      <p className="account-intro">{texts["account.email_change.hint"]}</p>
      <InputField label={texts["account.email_change.new_email"]} type="email" autoComplete="email" registration={form.register("email")} error={messageOf(texts, errors.email?.message)} />
      <InputField label={texts["account.email_change.password"]} type="password" autoComplete="current-password" registration={form.register("password")} error={messageOf(texts, errors.password?.message)} />
      <div className="account-actions">
        <button type="submit" className="btn btn-secondary" disabled={form.formState.isSubmitting}>
          {texts["account.email_change.submit"]}
        </button>
      </div>
    </form>
  );
}

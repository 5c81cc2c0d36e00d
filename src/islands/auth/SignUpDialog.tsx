/**
 * Sign-up: email, password, names, phone (country code defaulting to
 * the page's country, Colombia first), birthday (no future dates). The payload is POST /shop-api/register's; success shows
 * that a mail was sent to finish the registration; an email already registered is a toast.
 */
import { useState } from "react";
import * as z from "zod/mini";
import { api } from "../../client/api";
import { todayIso } from "../../shared/schemas/fields";
import { signUpSchema, phoneNumber } from "../../shared/schemas/auth";
import { localeTag } from "../../shared/locales";
import { $country, $locale } from "../../stores/locale";
import { showToast } from "../../stores/toasts";
import { DialogFrame } from "./DialogFrame";
import { InputField, PasswordField, SelectField } from "../ui/fields";
import { callingCodeOf, callingCodeOptions } from "../../shared/format/phone";
import { fill, messageOf } from "../ui/texts";
import type { AuthTexts } from "./texts";
import { failureMessage, showServerFields, useSchemaForm } from "../ui/use-schema-form";

/** The form's own shape: the phone as country code + number, joined into phoneNumber when sent. */
const signUpFormSchema = z.extend(z.omit(signUpSchema, { phoneNumber: true, countryCode: true }), {
  phoneCode: z.string(),
  phoneLocal: phoneNumber,
});

interface Props {
  texts: AuthTexts;
  open: boolean;
  onClose(): void;
  onLogIn(): void;
}

export function SignUpDialog({ texts, open, onClose, onLogIn }: Props) {
  const country = $country.get();
  const form = useSchemaForm(signUpFormSchema, {
    email: "",
    plainPassword: "",
    firstName: "",
    lastName: "",
    phoneCode: callingCodeOf(country),
    phoneLocal: "",
    birthday: "",
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const errors = form.formState.errors;
  const codes = callingCodeOptions(localeTag($locale.get()));

  const submit = form.handleSubmit(async ({ phoneCode, phoneLocal, ...values }) => {
    try {
      await api("POST /shop-api/register", {
        body: { ...values, phoneNumber: `${phoneCode}${phoneLocal}`, countryCode: country },
      });
      setSentTo(values.email);
      form.reset();
    } catch (error) {
      // The server names the joined field phoneNumber; the person typed it in phoneLocal.
      if (error instanceof Error && "fields" in error) {
        const fields = (error as { fields: Record<string, string> }).fields;
        if (fields.phoneNumber) fields.phoneLocal = fields.phoneNumber;
        delete fields.phoneNumber;
        delete fields.countryCode;
      }
      if (showServerFields(form, error)) return;
      showToast("error", failureMessage(error, texts["auth.network_error"]));
    }
  });

  function close() {
    setSentTo(null);
    onClose();
  }

  if (sentTo) {
    return (
      <DialogFrame name="signup-sent" open={open} onOpenChange={(next) => (next ? undefined : close())} title={texts["auth.signup.sent_title"]} closeLabel={texts["auth.close"]}>
        <div className="auth-sent" role="status">
          <svg className="auth-sent-icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
            <rect x="5" y="11" width="38" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
            <path d="M7 14l17 13 17-13" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
          </svg>
          <p>{fill(texts["auth.signup.sent_body"], { email: sentTo })}</p>
        </div>
        <button type="button" className="btn btn-primary auth-submit" onClick={close}>
          {texts["auth.signup.sent_close"]}
        </button>
      </DialogFrame>
    );
  }

  return (
    <DialogFrame
      name="signup"
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={texts["auth.signup.title"]}
      description={texts["auth.signup.intro"]}
      closeLabel={texts["auth.close"]}
    >
      <form className="auth-form" noValidate onSubmit={submit}>
        <div className="auth-row">
          <InputField label={texts["auth.signup.first_name"]} autoComplete="given-name" registration={form.register("firstName")} error={messageOf(texts, errors.firstName?.message)} />
          <InputField label={texts["auth.signup.last_name"]} autoComplete="family-name" registration={form.register("lastName")} error={messageOf(texts, errors.lastName?.message)} />
        </div>
        <InputField label={texts["auth.email"]} type="email" autoComplete="email" inputMode="email" registration={form.register("email")} error={messageOf(texts, errors.email?.message)} />
        <PasswordField
          label={texts["auth.password"]}
          autoComplete="new-password"
          registration={form.register("plainPassword")}
          error={messageOf(texts, errors.plainPassword?.message)}
          showLabel={texts["auth.show_password"]}
          hideLabel={texts["auth.hide_password"]}
        />
        <div className="auth-row auth-phone">
          <SelectField label={texts["auth.signup.phone_country"]} autoComplete="tel-country-code" registration={form.register("phoneCode")}>
            {codes.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <InputField label={texts["auth.signup.phone"]} type="tel" inputMode="numeric" autoComplete="tel-national" registration={form.register("phoneLocal")} error={messageOf(texts, errors.phoneLocal?.message)} />
        </div>
        <InputField label={texts["auth.signup.birthday"]} type="date" max={todayIso()} min="1900-01-01" autoComplete="bday" registration={form.register("birthday")} error={messageOf(texts, errors.birthday?.message)} />
        <button type="submit" className="btn btn-primary auth-submit" disabled={form.formState.isSubmitting}>
          {texts["auth.signup.submit"]}
        </button>
      </form>
      <p className="auth-switch">
        {texts["auth.signup.has_account"]}{" "}
        <button type="button" className="link-button" onClick={onLogIn}>
          {texts["auth.signup.to_login"]}
        </button>
      </p>
    </DialogFrame>
  );
}

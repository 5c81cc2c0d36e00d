/**
 * Profile: email, names, phone, national id (labelled per country) with its document type (printed on invoices as
 * chosen) and
 * gender from the option map. Save stays disabled until first name, last name, gender, phone and email
 * are filled; it sends PUT /shop-api/me and then re-reads the profile. The email is shown, not edited here:
 * it changes through the form below it (current password, confirmed from the new address).
 */
import { api } from "../../client/api";
import { GENDERS, genderOptions, profileSchema } from "../../shared/schemas/account";
import { COUNTRY_FACTS, countryFacts, documentTypeLabel, DOCUMENT_TYPE_CODES, PASSPORT_CODE } from "../../shared/domain/countries";
import { showToast } from "../../stores/toasts";
import { InputField, SelectField } from "../ui/fields";
import { reloadMe, type MeAnswer } from "../auth/session-actions";
import { messageOf } from "../ui/texts";
import { failureMessage, showServerFields, useSchemaForm } from "../ui/use-schema-form";
import { EmailChangeForm } from "./EmailChangeForm";
import type { AccountTexts } from "./texts";

interface Props {
  texts: AccountTexts;
  me: MeAnswer;
  onSaved(me: MeAnswer): void;
}

const RUT_LABELS = ["CO", "CL", "ES", "PE", "MX"] as const;

export function ProfileTab({ texts, me, onSaved }: Props) {
  const form = useSchemaForm(profileSchema, {
    email: me.email,
    firstName: me.firstName,
    lastName: me.lastName,
    phoneNumber: me.phoneNumber,
    rut: me.rut ?? "",
    documentType: (me.documentType ?? "") as never,
    gender: (me.gender ?? "") as never,
  });
  // The account's country's documents first; a document of another country (a foreigner's) stays choosable.
  const own = (countryFacts(me.countryCode) ?? COUNTRY_FACTS.CO).documentTypes.map((type) => type.code);
  const documentTypes = [...own, ...DOCUMENT_TYPE_CODES.filter((code) => !own.includes(code))];
  const errors = form.formState.errors;
  const [email, firstName, lastName, phoneNumber, gender] = form.watch(["email", "firstName", "lastName", "phoneNumber", "gender"]);
  const complete = [email, firstName, lastName, phoneNumber, gender].every((value) => typeof value === "string" && value.trim() !== "");
  const rutLabel = (RUT_LABELS as readonly string[]).includes(me.countryCode)
    ? texts[`account.rut.${me.countryCode as (typeof RUT_LABELS)[number]}`]
    : texts["account.rut.other"];

  const submit = form.handleSubmit(async (values) => {
    try {
      await api("PUT /shop-api/me", { body: values });
      const fresh = await reloadMe();
      form.reset({ ...values, rut: fresh.rut ?? "", documentType: (fresh.documentType ?? "") as never, phoneNumber: fresh.phoneNumber });
      onSaved(fresh);
      showToast("success", texts["account.profile.saved"]);
    } catch (error) {
      if (showServerFields(form, error)) return;
      showToast("error", failureMessage(error, texts["auth.network_error"]));
    }
  });

  return (
    <div className="account-section">
      <h1 className="account-title">{texts["account.profile.title"]}</h1>
      <form className="account-form profile-form" noValidate onSubmit={submit}>
        <InputField label={texts["account.profile.email"]} type="email" autoComplete="email" readOnly registration={form.register("email")} error={messageOf(texts, errors.email?.message)} />
        <InputField label={texts["account.profile.first_name"]} autoComplete="given-name" registration={form.register("firstName")} error={messageOf(texts, errors.firstName?.message)} />
        <InputField label={texts["account.profile.last_name"]} autoComplete="family-name" registration={form.register("lastName")} error={messageOf(texts, errors.lastName?.message)} />
        <InputField label={texts["account.profile.phone"]} type="tel" inputMode="numeric" autoComplete="tel" registration={form.register("phoneNumber")} error={messageOf(texts, errors.phoneNumber?.message)} />
        <SelectField label={texts["account.profile.document_type"]} registration={form.register("documentType")} error={messageOf(texts, errors.documentType?.message)}>
          <option value="">{texts["account.profile.document_type_placeholder"]}</option>
          {/* The passport is said in the reader's language; the other documents keep each country's own names. */}
          {documentTypes.map((code) => (
            <option key={code} value={code}>
              {code === PASSPORT_CODE ? texts["account.profile.document_passport"] : documentTypeLabel(code)}
            </option>
          ))}
        </SelectField>
        <InputField label={rutLabel} autoComplete="off" registration={form.register("rut")} error={messageOf(texts, errors.rut?.message)} />
        <SelectField label={texts["account.profile.gender"]} registration={form.register("gender")} error={messageOf(texts, errors.gender?.message)}>
          <option value="">{texts["account.profile.gender_placeholder"]}</option>
          {GENDERS.map((key) => (
            <option key={key} value={key}>
              {texts[genderOptions[key]]}
            </option>
          ))}
        </SelectField>
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={!complete || form.formState.isSubmitting}>
            {texts["account.profile.save"]}
          </button>
        </div>
      </form>
      <EmailChangeForm texts={texts} />
    </div>
  );
}

/**
 * /contact: name, email, phone, message, posted to /api/contact. After sending,
 * the thank-you text shows and the fields stay visible but disabled.
 */
import { useId } from "react";
import { contactSchema } from "../../shared/schemas/leads";
import { FieldLookContext, InputField, TextareaField } from "../ui/fields";
import { messageOf } from "../ui/texts";
import { SendButton, ThankYou } from "./FormParts";
import type { LeadFormTexts } from "./texts";
import { MESSAGE_FIELD } from "./message-field";
import { useLeadForm } from "./use-lead-form";
import "./lead-form.css";

export default function ContactForm({ texts }: { texts: LeadFormTexts }) {
  const formId = useId();
  const { form, register, submit, sent, canSend, isSubmitting } = useLeadForm({
    schema: contactSchema,
    defaults: { name: "", email: "", phone: "", message: "" },
    endpoint: "/api/contact",
    texts,
  });
  const { formState } = form;
  const error = (name: keyof typeof formState.errors) => messageOf(texts, formState.errors[name]?.message);
  return (
    <FieldLookContext value="lead">
    <form className="lead-form" noValidate onSubmit={submit} data-testid="contact-form" data-sent={sent || undefined}>
      <p className="lead-note">{texts["leadform.required_note"]}</p>
      <fieldset disabled={sent}>
        <InputField idPrefix={formId} aria-required label={texts["leadform.name"]} registration={register("name")} error={error("name")} autoComplete="name" maxLength={120} />
        <InputField idPrefix={formId} aria-required label={texts["leadform.email"]} registration={register("email")} error={error("email")} type="email" autoComplete="email" inputMode="email" />
        <InputField
          idPrefix={formId}
          aria-required
          label={texts["leadform.phone"]}
          registration={register("phone")}
          error={error("phone")}
          hint={texts["leadform.phone_hint"]}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
        />
        <TextareaField idPrefix={formId} aria-required label={texts["leadform.message"]} registration={register("message")} error={error("message")} {...MESSAGE_FIELD} />
      </fieldset>
      <SendButton texts={texts} enabled={canSend} busy={isSubmitting} />
      <ThankYou texts={texts} shown={sent} />
    </form>
    </FieldLookContext>
  );
}

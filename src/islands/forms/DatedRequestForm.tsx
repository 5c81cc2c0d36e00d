/**
 * The request forms with a date and a place: the marriage request (/wedding, posted to /api/marriage) and
 * the about-us quote (posted to /api/quote). Name, email, phone, date (past days disabled, sent as
 * dd/MM/yyyy), place and message. After sending only the thank-you text remains.
 */
import { useEffect, useId, useState } from "react";
import { todayIso, toDayMonthYear } from "../../shared/schemas/fields";
import { marriageSchema, type Marriage } from "../../shared/schemas/leads";
import { FieldLookContext, InputField, TextareaField } from "../ui/fields";
import { messageOf } from "../ui/texts";
import { SendButton, ThankYou } from "./FormParts";
import { MESSAGE_FIELD } from "./message-field";
import type { LeadFormTexts } from "./texts";
import { useLeadForm } from "./use-lead-form";
import "./lead-form.css";

export interface DatedRequestFormProps {
  texts: LeadFormTexts;
  /** Both share the quote rules; only the endpoint and the name label differ. */
  endpoint: "/api/marriage" | "/api/quote";
  nameLabel: "leadform.couple" | "leadform.name";
  testId: string;
}

export function DatedRequestForm({ texts, endpoint, nameLabel, testId }: DatedRequestFormProps) {
  const formId = useId();
  // The earliest day is set in the browser, not at build time, so it is today's date when the page is used.
  const [minDay, setMinDay] = useState<string>();
  useEffect(() => setMinDay(todayIso()), []);
  const { form, register, submit, sent, canSend, isSubmitting } = useLeadForm({
    schema: marriageSchema,
    defaults: { name: "", email: "", phone: "", date: "", place: "", message: "" },
    endpoint,
    toPayload: (values: Marriage) => ({ ...values, date: toDayMonthYear(values.date) }),
    texts,
  });
  const { formState } = form;
  const error = (name: keyof typeof formState.errors) => messageOf(texts, formState.errors[name]?.message);
  return (
    <FieldLookContext value="lead">
    <form className="lead-form" noValidate onSubmit={submit} data-testid={testId} data-sent={sent || undefined}>
      {sent ? null : (
        <>
          <p className="lead-note">{texts["leadform.required_note"]}</p>
          <div className="lead-grid">
            <InputField idPrefix={formId} aria-required label={texts[nameLabel]} registration={register("name")} error={error("name")} autoComplete="name" maxLength={160} />
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
            <InputField idPrefix={formId} aria-required label={texts["leadform.date"]} registration={register("date")} error={error("date")} type="date" min={minDay} />
          </div>
          <InputField idPrefix={formId} aria-required label={texts["leadform.place"]} registration={register("place")} error={error("place")} maxLength={200} />
          <TextareaField idPrefix={formId} aria-required label={texts["leadform.message"]} registration={register("message")} error={error("message")} {...MESSAGE_FIELD} />
        </>
      )}
      <SendButton texts={texts} enabled={canSend} busy={isSubmitting} hidden={sent} />
      <ThankYou texts={texts} shown={sent} />
    </form>
    </FieldLookContext>
  );
}

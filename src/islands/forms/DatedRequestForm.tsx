/**
 * The request forms with a date and a place: the marriage request (/wedding, posted to /api/marriage) and
 * the about-us quote (posted to /api/quote). Name, email, phone, date (past days disabled, sent as
 * dd/MM/yyyy), place and message. After sending only the thank-you text remains.
 */
import { useEffect, useState } from "react";
import { todayIso, toDayMonthYear } from "../../shared/schemas/fields";
import { marriageSchema, type Marriage } from "../../shared/schemas/leads";
import { FieldLookContext, InputField } from "../ui/fields";
import { SendButton, ThankYou } from "./FormParts";
import { ContactFields, MessageField } from "./LeadFields";
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
  // The earliest day is set in the browser, not at build time, so it is today's date when the page is used.
  const [minDay, setMinDay] = useState<string>();
  useEffect(() => setMinDay(todayIso()), []);
  const { field, submit, sent, canSend, isSubmitting } = useLeadForm({
    schema: marriageSchema,
    defaults: { name: "", email: "", phone: "", date: "", place: "", message: "" },
    endpoint,
    toPayload: (values: Marriage) => ({ ...values, date: toDayMonthYear(values.date) }),
    texts,
  });
  return (
    <FieldLookContext value="lead">
    <form className="lead-form" noValidate onSubmit={submit} data-testid={testId} data-sent={sent || undefined}>
      {sent ? null : (
        <>
          <p className="lead-note">{texts["leadform.required_note"]}</p>
          <div className="lead-grid">
            <ContactFields field={field} texts={texts} nameLabel={nameLabel} nameMaxLength={160} />
            <InputField {...field("date")} label={texts["leadform.date"]} type="date" min={minDay} />
          </div>
          <InputField {...field("place")} label={texts["leadform.place"]} maxLength={200} />
          <MessageField field={field} texts={texts} />
        </>
      )}
      <SendButton texts={texts} enabled={canSend} busy={isSubmitting} hidden={sent} />
      <ThankYou texts={texts} shown={sent} />
    </form>
    </FieldLookContext>
  );
}

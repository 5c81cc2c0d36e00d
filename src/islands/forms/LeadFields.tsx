/** The fields every lead form asks alike: who is writing (name, email, phone) and their message. */
import type { UseFormRegisterReturn } from "react-hook-form";
import { MESSAGE_MAX } from "../../shared/schemas/leads";
import { InputField, TextareaField } from "../ui/fields";
import type { LeadFormTexts } from "./texts";

/** What useLeadForm's `field` gives a field. */
interface LeadField {
  idPrefix: string;
  "aria-required": true;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

interface ContactProps {
  field(name: "name" | "email" | "phone"): LeadField;
  texts: LeadFormTexts;
  /** The name's label: a person's name, or a couple's. */
  nameLabel: "leadform.name" | "leadform.couple";
  nameMaxLength: number;
}

export function ContactFields({ field, texts, nameLabel, nameMaxLength }: ContactProps) {
  return (
    <>
      <InputField {...field("name")} label={texts[nameLabel]} autoComplete="name" maxLength={nameMaxLength} />
      <InputField {...field("email")} label={texts["leadform.email"]} type="email" autoComplete="email" inputMode="email" />
      <InputField {...field("phone")} label={texts["leadform.phone"]} hint={texts["leadform.phone_hint"]} type="tel" autoComplete="tel" inputMode="tel" />
    </>
  );
}

/** The message: 7 rows, growing to at most 8 (lead-form.css caps it). */
export function MessageField({ field, texts }: { field(name: "message"): LeadField; texts: LeadFormTexts }) {
  return <TextareaField {...field("message")} label={texts["leadform.message"]} rows={7} maxLength={MESSAGE_MAX} />;
}

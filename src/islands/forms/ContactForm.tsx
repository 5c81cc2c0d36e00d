/**
 * /contact: name, email, phone, message, posted to /api/contact. After sending,
 * the thank-you text shows and the fields stay visible but disabled.
 */
import { contactSchema } from "../../shared/schemas/leads";
import { FieldLookContext } from "../ui/fields";
import { SendButton, ThankYou } from "./FormParts";
import { ContactFields, MessageField } from "./LeadFields";
import type { LeadFormTexts } from "./texts";
import { useLeadForm } from "./use-lead-form";
import "./lead-form.css";

export default function ContactForm({ texts }: { texts: LeadFormTexts }) {
  const { field, submit, sent, canSend, isSubmitting } = useLeadForm({
    schema: contactSchema,
    defaults: { name: "", email: "", phone: "", message: "" },
    endpoint: "/api/contact",
    texts,
  });
  return (
    <FieldLookContext value="lead">
    <form className="lead-form" noValidate onSubmit={submit} data-testid="contact-form" data-sent={sent || undefined}>
      <p className="lead-note">{texts["leadform.required_note"]}</p>
      <fieldset disabled={sent}>
        <ContactFields field={field} texts={texts} nameLabel="leadform.name" nameMaxLength={120} />
        <MessageField field={field} texts={texts} />
      </fieldset>
      <SendButton texts={texts} enabled={canSend} busy={isSubmitting} />
      <ThankYou texts={texts} shown={sent} />
    </form>
    </FieldLookContext>
  );
}

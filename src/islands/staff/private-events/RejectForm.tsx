/** Rejecting a private event: the reason (required, the customer reads it) and the reject button. */
import { rejectPrivateEventSchema } from "../../../shared/schemas/private-events";
import { TextareaField } from "../../ui/fields";
import { messageOf } from "../../ui/texts";
import { useSchemaForm } from "../../ui/use-schema-form";
import type { StaffTexts } from "../texts";

interface Props {
  texts: StaffTexts;
  privateEventId: number;
  disabled: boolean;
  onReject: (reason: string) => Promise<void>;
}

export function RejectForm({ texts, privateEventId, disabled, onReject }: Props) {
  const form = useSchemaForm(rejectPrivateEventSchema, { reason: "" });
  const submit = form.handleSubmit(async (values) => onReject(values.reason));
  return (
    <form className="reject-form" noValidate onSubmit={submit}>
      <TextareaField idPrefix={`reject-${privateEventId}`} label={texts["private_events.staff.reason"]} rows={2} registration={form.register("reason")} error={messageOf(texts, form.formState.errors.reason?.message)} />
      <button type="submit" className="btn btn-secondary" disabled={disabled || form.formState.isSubmitting}>
        {texts["private_events.staff.reject"]}
      </button>
    </form>
  );
}

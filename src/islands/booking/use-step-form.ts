/**
 * What the address and passenger steps share: a react-hook-form over the client-held tickets validated by the
 * step's schema from src/shared/schemas/purchase.ts, every change kept in the booking store (so a reload
 * keeps it), its validity reported to the wizard, a valid submit kept and the step done, and the first
 * incomplete ticket opened on a refused submit.
 */
import { useEffect, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import type * as z from "zod/mini";
import type { ClientTicket } from "../../stores/booking-tickets";
import { useSchemaForm } from "../ui/use-schema-form";

export interface TicketsForm {
  tickets: ClientTicket[];
}

interface Options {
  schema: z.ZodMiniType;
  defaults: ClientTicket[];
  save(tickets: ClientTicket[]): void;
  onValidity(valid: boolean): void;
  /** After a valid submit, once the tickets are kept. */
  onDone(): void;
}

export type StepForm = ReturnType<typeof useStepForm>;

export function useStepForm({ schema, defaults, save, onValidity, onDone }: Options) {
  // raw: the schema checks what the server takes; the form keeps the whole client-held ticket.
  const form = useSchemaForm<z.ZodMiniType, TicketsForm, TicketsForm>(schema, { tickets: defaults }, { mode: "onChange", raw: true });
  const [open, setOpen] = useState(defaults[0]?.key ?? "");
  const { isValid } = form.formState;

  useEffect(() => onValidity(isValid), [isValid, onValidity]);

  useEffect(() => {
    const subscription = form.watch((values) => save((values.tickets ?? []) as ClientTicket[]));
    return () => subscription.unsubscribe();
  }, [form, save]);

  /** On a refused submit: open the first ticket with an error so its fields show. */
  function openFirstInvalid(errors: FieldErrors<TicketsForm>) {
    const index = Array.isArray(errors.tickets) ? errors.tickets.findIndex(Boolean) : -1;
    const ticket = form.getValues("tickets")[index];
    if (ticket) setOpen(ticket.key);
  }

  const submit = form.handleSubmit((valid) => {
    save(valid.tickets);
    onDone();
  }, openFirstInvalid);

  return { form, open, setOpen, submit };
}

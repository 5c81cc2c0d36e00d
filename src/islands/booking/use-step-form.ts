/**
 * What the address and passenger steps share: a react-hook-form over the client-held tickets validated by the
 * step's schema from src/shared/schemas/purchase.ts, every change kept in the booking store (so a reload
 * keeps it), its validity reported to the wizard, and the first incomplete ticket opened on a refused submit.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import type * as z from "zod/mini";
import type { ClientTicket } from "./logic/tickets";

export interface TicketsForm {
  tickets: ClientTicket[];
}

interface Options {
  schema: z.ZodMiniType;
  defaults: ClientTicket[];
  save(tickets: ClientTicket[]): void;
  onValidity(valid: boolean): void;
}

export function useStepForm({ schema, defaults, save, onValidity }: Options) {
  const form = useForm<TicketsForm>({
    resolver: zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<TicketsForm>,
    mode: "onChange",
    defaultValues: { tickets: defaults },
  });
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

  return { form, open, setOpen, openFirstInvalid };
}

/**
 * The frame of the address and passenger steps: the step's form (the wizard's continue button submits it by its
 * id), its title and the tickets, one open at a time, each headed by whether its part of the step is complete.
 */
import type { ReactNode, Ref } from "react";
import { FormProvider } from "react-hook-form";
import type { ClientTicket } from "../../stores/booking-tickets";
import { StepTitle } from "./StepTitle";
import { TicketPanels } from "./TicketPanels";
import type { BookingTexts } from "./texts";
import type { StepForm } from "./use-step-form";

interface Props {
  step: StepForm;
  formId: string;
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  texts: BookingTexts;
  /** Whether the ticket's part of this step is filled in as the step's schema wants it. */
  complete(ticket: ClientTicket): boolean;
  /** A ticket's fields. */
  children(ticket: ClientTicket, index: number): ReactNode;
}

export function TicketsStep({ step, formId, title, headingRef, texts, complete, children }: Props) {
  const { form, open, setOpen, submit } = step;
  const values = form.watch("tickets");
  return (
    <FormProvider {...form}>
      <form id={formId} className="bk-step-body" noValidate onSubmit={submit}>
        <StepTitle headingRef={headingRef}>{title}</StepTitle>
        <TicketPanels tickets={values} open={open} complete={values.map(complete)} texts={texts} onOpen={setOpen}>
          {children}
        </TicketPanels>
      </form>
    </FormProvider>
  );
}

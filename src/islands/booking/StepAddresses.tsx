/**
 * Step 1: where each ticket is picked up. The person's own frequent address is preselected in the first line
 * of each ticket when it lies in the chosen province.
 */
import { useEffect, type Ref } from "react";
import { FormProvider } from "react-hook-form";
import { addressLineSchema, addressStepSchema } from "../../shared/schemas/purchase";
import type { County } from "../../shared/types/catalogue";
import { saveAddresses } from "../../stores/booking";
import { AddressLines } from "./AddressLines";
import type { ClientTicket } from "../../stores/booking-tickets";
import { TicketPanels } from "./TicketPanels";
import type { BookingTexts } from "./texts";
import { useFrequent } from "./use-frequent";
import { useStepForm } from "./use-step-form";

interface Props {
  formId: string;
  tickets: ClientTicket[];
  counties: County[];
  communeCode: number | null;
  texts: BookingTexts;
  headingRef: Ref<HTMLHeadingElement>;
  onValidity(valid: boolean): void;
  onDone(): void;
}

const withLines = (communeCode: number | null) => (ticket: ClientTicket): ClientTicket => ({
  ...ticket,
  addresses: ticket.addresses.length > 0 ? ticket.addresses.slice(0, Math.max(1, ticket.stops)) : [{ address: "", commune_id: ticket.approaches.length ? "" : (communeCode ?? "") }],
});

export function StepAddresses({ formId, tickets, counties, communeCode, texts, headingRef, onValidity, onDone }: Props) {
  const { form, open, setOpen, openFirstInvalid } = useStepForm({
    schema: addressStepSchema,
    defaults: tickets.map(withLines(communeCode)),
    save: saveAddresses,
    onValidity,
  });
  const frequentRows = useFrequent("/shop-api/frequent-addresses");
  const inProvince = (countyId: number) => counties.some((county) => county.id === countyId);
  const frequent = (frequentRows ?? []).filter((entry) => inProvince(entry.countyId));
  const own = frequent.find((entry) => entry.myAddress);

  useEffect(() => {
    if (!own) return;
    form.getValues("tickets").forEach((ticket, index) => {
      const first = ticket.addresses[0];
      if (ticket.approaches.length === 0 && first && !first.address) {
        form.setValue(`tickets.${index}.addresses.0`, { address: own.name, commune_id: own.countyId }, { shouldValidate: true });
      }
    });
  }, [own, form]);

  const values = form.watch("tickets");
  const complete = values.map((ticket) => ticket.addresses.length > 0 && ticket.addresses.every((line) => addressLineSchema.safeParse(line).success));

  return (
    <FormProvider {...form}>
      <form
        id={formId}
        className="bk-step-body"
        noValidate
        onSubmit={form.handleSubmit((valid) => {
          saveAddresses(valid.tickets);
          onDone();
        }, openFirstInvalid)}
      >
        <h3 className="bk-step-title" tabIndex={-1} ref={headingRef}>
          {texts["booking.addresses.title"]}
        </h3>
        <TicketPanels tickets={values} open={open} complete={complete} texts={texts} onOpen={setOpen}>
          {(ticket, index) => (
            <AddressLines ticket={ticket} index={index} counties={counties} frequent={frequent} communeCode={communeCode} texts={texts} />
          )}
        </TicketPanels>
      </form>
    </FormProvider>
  );
}

/**
 * Step 1: where each ticket is picked up. The person's own frequent address is preselected in the first line
 * of each ticket when it lies in the chosen province.
 */
import { useEffect, type Ref } from "react";
import { addressLineSchema, addressStepSchema } from "../../shared/schemas/purchase";
import type { County } from "../../shared/types/catalogue";
import { saveAddresses } from "../../stores/booking";
import { AddressLines } from "./AddressLines";
import type { ClientTicket } from "../../stores/booking-tickets";
import { TicketsStep } from "./TicketsStep";
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
  const step = useStepForm({
    schema: addressStepSchema,
    defaults: tickets.map(withLines(communeCode)),
    save: saveAddresses,
    onValidity,
    onDone,
  });
  const { form } = step;
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

  return (
    <TicketsStep
      step={step}
      formId={formId}
      title={texts["booking.addresses.title"]}
      headingRef={headingRef}
      texts={texts}
      complete={(ticket) => ticket.addresses.length > 0 && ticket.addresses.every((line) => addressLineSchema.safeParse(line).success)}
    >
      {(ticket, index) => <AddressLines ticket={ticket} index={index} counties={counties} frequent={frequent} communeCode={communeCode} texts={texts} />}
    </TicketsStep>
  );
}

/** Step 2: who travels on each ticket, with frequent friends to pick from. */
import type { Ref } from "react";
import type { Locale } from "../../shared/locales";
import { passengerSchema, passengerStepSchema } from "../../shared/schemas/purchase";
import { savePassengers } from "../../stores/booking";
import type { ClientTicket } from "../../stores/booking-tickets";
import { emptyPassenger, PassengerList } from "./PassengerList";
import { TicketsStep } from "./TicketsStep";
import type { BookingTexts } from "./texts";
import { useFrequent } from "./use-frequent";
import { useStepForm } from "./use-step-form";

interface Props {
  formId: string;
  tickets: ClientTicket[];
  phoneCode: string;
  locale: Locale;
  texts: BookingTexts;
  headingRef: Ref<HTMLHeadingElement>;
  onValidity(valid: boolean): void;
  onDone(): void;
}

/** Restored passengers stay (up to capacity); a pick-up address no longer among the ticket's lines is cleared. */
function withPassengers(ticket: ClientTicket): ClientTicket {
  const addresses = new Set(ticket.addresses.map((line) => line.address.trim()));
  const kept = ticket.passengers.slice(0, Math.max(1, ticket.capacity)).map((passenger) => ({
    ...passenger,
    passengerAddress: addresses.has(String(passenger.passengerAddress ?? "").trim()) ? passenger.passengerAddress : emptyPassenger(ticket).passengerAddress,
    needs: Array.isArray(passenger.needs) ? passenger.needs : [],
  }));
  return { ...ticket, passengers: kept.length > 0 ? kept : [emptyPassenger(ticket)] };
}

export function StepPassengers({ formId, tickets, phoneCode, locale, texts, headingRef, onValidity, onDone }: Props) {
  const step = useStepForm({
    schema: passengerStepSchema,
    defaults: tickets.map(withPassengers),
    save: savePassengers,
    onValidity,
    onDone,
  });
  const friends = useFrequent("/shop-api/frequent-friends") ?? [];

  return (
    <TicketsStep
      step={step}
      formId={formId}
      title={texts["booking.passengers.title"]}
      headingRef={headingRef}
      texts={texts}
      complete={(ticket) => ticket.passengers.length > 0 && ticket.passengers.every((passenger) => passengerSchema.safeParse(passenger).success)}
    >
      {(ticket, index) => <PassengerList ticket={ticket} index={index} friends={friends} phoneCode={phoneCode} locale={locale} texts={texts} />}
    </TicketsStep>
  );
}

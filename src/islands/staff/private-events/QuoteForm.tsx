/**
 * Approving a private event with its quote: a price per seat (or a total) in the country's currency, the seats (the
 * guests the organiser expects) and a validity date; or approving it free of charge, which sends the invitations
 * at once. Prices are typed in whole currency units and sent in minor units.
 */
import { useState } from "react";
import { CURRENCY_DECIMALS } from "../../../shared/format/money";
import type { ApprovePrivateEventBody } from "../../../shared/schemas/private-event-quotes";
import type { StaffTexts } from "../texts";

interface Props {
  texts: StaffTexts;
  privateEventId: number;
  /** The event's name, for the buttons' accessible names. */
  name: string;
  currency: string;
  seats: number;
  disabled: boolean;
  onApprove: (body: ApprovePrivateEventBody) => Promise<void>;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function QuoteForm({ texts, privateEventId, name, currency, seats, disabled, onApprove }: Props) {
  const [perSeat, setPerSeat] = useState("");
  const [total, setTotal] = useState("");
  const [seatCount, setSeatCount] = useState(String(seats));
  const [validUntil, setValidUntil] = useState(inDays(15));
  const minor = (value: string) => Math.round(Number(value) * 10 ** (CURRENCY_DECIMALS[currency] ?? 0));
  const id = (name: string) => `quote-${privateEventId}-${name}`;

  function approve(event: React.FormEvent) {
    event.preventDefault();
    void onApprove({
      quote: {
        currency,
        ...(perSeat ? { perSeat: minor(perSeat) } : {}),
        ...(total ? { total: minor(total) } : {}),
        seats: Number(seatCount),
        validUntil,
        provinces: [],
      },
    });
  }

  return (
    <form className="quote-form" noValidate onSubmit={approve} aria-label={texts["private_events.staff.quote"]}>
      <label htmlFor={id("per-seat")}>
        {texts["private_events.staff.per_seat"]} ({currency})
        <input id={id("per-seat")} type="number" min={0} inputMode="decimal" value={perSeat} onChange={(event) => setPerSeat(event.target.value)} />
      </label>
      <label htmlFor={id("total")}>
        {texts["private_events.staff.total"]} ({currency})
        <input id={id("total")} type="number" min={0} inputMode="decimal" value={total} onChange={(event) => setTotal(event.target.value)} />
      </label>
      <label htmlFor={id("seats")}>
        {texts["private_events.staff.seats"]}
        <input id={id("seats")} type="number" min={1} max={5000} inputMode="numeric" value={seatCount} onChange={(event) => setSeatCount(event.target.value)} />
      </label>
      <label htmlFor={id("valid")}>
        {texts["private_events.staff.valid_until"]}
        <input id={id("valid")} type="date" value={validUntil} onChange={(event) => setValidUntil(event.target.value)} />
      </label>
      <div className="quote-actions">
        <button type="submit" className="btn btn-primary" disabled={disabled || (!perSeat && !total)} aria-label={`${texts["private_events.staff.approve_quote"]}: ${name}`}>
          {texts["private_events.staff.approve_quote"]}
        </button>
        <button type="button" className="btn btn-ghost" disabled={disabled} onClick={() => void onApprove({ waive: true })} aria-label={`${texts["private_events.staff.waive"]}: ${name}`}>
          {texts["private_events.staff.waive"]}
        </button>
      </div>
    </form>
  );
}

/**
 * Cancelling a booking from the account, within the event's policy: the passengers to cancel (all by default),
 * the amount that would come back (asked of the server for the choice), a confirmation that says what will
 * happen, or, past the deadline, until when it was possible.
 */
import { useEffect, useState } from "react";
import { api, ApiFailure } from "../../../client/api";
import { formatDateTime } from "../../../shared/format/dates";
import { formatPercent, formatPrice } from "../../../shared/format/money";
import { isLocale } from "../../../shared/locales";
import type { CancellationTerms } from "../../../shared/schemas/answers/self-cancel";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import { ConfirmDialog } from "../ConfirmDialog";
import type { PurchaseTexts } from "./texts";

interface Props {
  orderId: number;
  locale: string;
  zone: string;
  texts: PurchaseTexts;
  onCancelled(): void;
}

export function CancelBooking({ orderId, locale, zone, texts, onCancelled }: Props) {
  const [terms, setTerms] = useState<CancellationTerms | null>(null);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  // Everyone still booked until the buyer chooses; each choice asks the server what would come back.
  useEffect(() => {
    let live = true;
    const passengerIds = chosen && terms && chosen.length < terms.passengers.length ? chosen.join(",") : undefined;
    if (chosen && chosen.length === 0) return;
    api("GET /shop-api/orders/:id/cancellation", { params: { id: orderId }, query: { passengerIds } })
      .then((answer) => live && setTerms(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // the terms are read for its passengers only, which the choice never changes.
  }, [orderId, chosen]);

  if (!terms) return null;
  const until = terms.freeUntil ? formatDateTime(terms.freeUntil, zone) : "";
  const amount = formatPrice(terms.refund, terms.currency, isLocale(locale) ? locale : "es_CO");
  const picked = chosen ?? terms.passengers.map((passenger) => passenger.id);

  if (!terms.open) {
    return (
      <section className="purchase-cancel" aria-labelledby="purchase-cancel-title">
        <h3 id="purchase-cancel-title">{texts["cancel.title"]}</h3>
        <p>{terms.freeUntil ? fill(texts["cancel.closed"], { until }) : texts["cancel.none"]}</p>
      </section>
    );
  }

  async function cancel() {
    setBusy(true);
    try {
      const whole = picked.length === terms!.passengers.length;
      await api("POST /shop-api/orders/:id/cancel", { params: { id: orderId }, body: whole ? {} : { passengerIds: picked } });
      showToast("success", texts["cancel.done"]);
      setAsking(false);
      onCancelled();
    } catch (error) {
      showToast("error", error instanceof ApiFailure ? error.message : texts["cancel.closed"]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="purchase-cancel" aria-labelledby="purchase-cancel-title" data-testid="purchase-cancel">
      <h3 id="purchase-cancel-title">{texts["cancel.title"]}</h3>
      <p>{terms.keepPercent > 0 ? fill(texts["cancel.intro_late"], { until, percent: formatPercent(terms.keepPercent, isLocale(locale) ? locale : "es_CO") }) : fill(texts["cancel.intro"], { until })}</p>
      {terms.passengers.length > 1 ? (
        <fieldset>
          <legend>{texts["cancel.choose"]}</legend>
          {terms.passengers.map((passenger) => (
            <label key={passenger.id} className="purchase-cancel-choice">
              <input
                type="checkbox"
                checked={picked.includes(passenger.id)}
                onChange={(event) => setChosen(event.target.checked ? [...picked, passenger.id] : picked.filter((id) => id !== passenger.id))}
              />
              {passenger.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="purchase-cancel-amount" aria-live="polite">
        {terms.refund > 0 ? fill(texts["cancel.refund"], { amount }) : texts["cancel.refund_none"]}
      </p>
      <button type="button" className="btn btn-danger" disabled={picked.length === 0 || busy} onClick={() => setAsking(true)}>
        {texts["cancel.button"]}
      </button>
      <ConfirmDialog
        open={asking}
        question={fill(texts["cancel.confirm"], { count: picked.length, amount })}
        confirmLabel={texts["cancel.yes"]}
        cancelLabel={texts["cancel.no"]}
        onConfirm={cancel}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}

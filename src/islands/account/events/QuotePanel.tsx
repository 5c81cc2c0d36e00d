/**
 * An approved private event's money, for its organiser: the quote (total, price per seat, validity) and where it stands;
 * while unpaid, paying it with one of the country's methods (invitations go out once it is paid); once settled,
 * buying more seats at the quoted price when the organiser pays.
 */
import { useEffect, useState } from "react";
import { api } from "../../../client/api";
import { formatDate, timeZoneOf } from "../../../shared/format/dates";
import { formatPrice } from "../../../shared/format/money";
import type { PaymentCode } from "../../../shared/domain/payment-codes";
import { PAYMENT_CODE } from "../../../shared/domain/payment-codes";
import type { PrivateEventAnswer } from "../../../shared/schemas/answers/private-events";
import { showToast } from "../../../stores/toasts";
import { followPayment } from "../../shares/pay-redirect";
import { fill } from "../../ui/texts";
import { failureMessage } from "../../ui/use-schema-form";
import type { EventTexts } from "./texts";
import { QUOTE_STATE, PRIVATE_EVENT_PAYER } from "../../../shared/domain/private-events";

interface Props {
  privateEvent: PrivateEventAnswer;
  texts: EventTexts;
  onChange: () => void;
}

export function QuotePanel({ privateEvent, texts, onChange }: Props) {
  const { quote, quoteState } = privateEvent;
  const [methods, setMethods] = useState<PaymentCode[]>([]);
  const [method, setMethod] = useState<PaymentCode | "">("");
  const [seats, setSeats] = useState("1");
  const [busy, setBusy] = useState(false);
  const zone = timeZoneOf(privateEvent.countryCode);
  const payable = quoteState === QUOTE_STATE.quoted || (quoteState === QUOTE_STATE.paid && privateEvent.payer === PRIVATE_EVENT_PAYER.organiser);

  useEffect(() => {
    if (!payable || !quote) return;
    api("GET /api/payment-methods", { query: { "country-code": privateEvent.countryCode } })
      .then((rows) => {
        const codes = rows.map((row) => row.code).filter((code) => code !== PAYMENT_CODE.prepagado && (code !== PAYMENT_CODE.webpay || quote.currency === "CLP"));
        setMethods(codes);
        setMethod(codes[0] ?? "");
      })
      .catch(() => setMethods([]));
  }, [payable, quote, privateEvent.countryCode]);

  async function pay(extraSeats?: number) {
    if (!method) return;
    setBusy(true);
    try {
      const started = await api("POST /shop-api/event-requests/:id/pay", {
        params: { id: privateEvent.id },
        body: { paymentCode: method, url: window.location.pathname, ...(extraSeats ? { seats: extraSeats } : {}) },
      });
      if (!followPayment(started)) {
        showToast("success", texts["private_events.quote.transfer_started"]);
        setBusy(false);
        onChange();
      }
    } catch (error) {
      showToast("error", failureMessage(error, texts["private_events.quote.pay_failed"]));
      setBusy(false);
    }
  }

  if (!quoteState) return null;
  return (
    <div className="quote-panel" data-quote-state={quoteState}>
      <p className="item-title">{texts["private_events.quote.title"]}</p>
      {quote ? (
        <>
          <p className="item-detail">{fill(texts["private_events.quote.total"], { total: formatPrice(quote.total, quote.currency), seats: quote.seats })}</p>
          {quote.perSeat !== null ? <p className="item-detail">{fill(texts["private_events.quote.per_seat"], { price: formatPrice(quote.perSeat, quote.currency) })}</p> : null}
          {quoteState === QUOTE_STATE.quoted ? <p className="item-detail">{fill(texts["private_events.quote.valid"], { date: formatDate(quote.validUntil, zone) })}</p> : null}
        </>
      ) : null}
      <p className={`state-badge quote-${quoteState}`}>{texts[`private_events.quote.state.${quoteState}`]}</p>
      {payable && quote && methods.length > 0 ? (
        <div className="quote-pay">
          <label>
            {texts["private_events.quote.method"]}
            <select value={method} onChange={(event) => setMethod(event.target.value as PaymentCode)}>
              {methods.map((code) => (
                <option key={code} value={code}>
                  {texts[`payments.method.${code}`]}
                </option>
              ))}
            </select>
          </label>
          {quoteState === QUOTE_STATE.quoted ? (
            <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => void pay()}>
              {texts["private_events.quote.pay"]}
            </button>
          ) : (
            <>
              <label>
                {texts["private_events.seats.count"]}
                <input type="number" min={1} max={5000} value={seats} onChange={(event) => setSeats(event.target.value)} />
              </label>
              <button type="button" className="btn btn-small btn-secondary" disabled={busy || !(Number(seats) >= 1)} onClick={() => void pay(Number(seats))}>
                {texts["private_events.seats.buy"]}
              </button>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

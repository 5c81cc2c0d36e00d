/**
 * An approved request's money, for its organiser: the quote (total, price per seat, validity) and where it stands;
 * while unpaid, paying it with one of the country's methods (invitations go out once it is paid); once settled,
 * buying more seats at the quoted price when the organiser pays.
 */
import { useEffect, useState } from "react";
import { api } from "../../../client/api";
import { formatDate, timeZoneOf } from "../../../shared/format/dates";
import { formatPrice } from "../../../shared/format/money";
import type { PaymentCode } from "../../../shared/domain/payment-codes";
import type { EventRequestAnswer } from "../../../shared/schemas/answers/private-events";
import { showToast } from "../../../stores/toasts";
import { followPayment } from "../../shares/pay-redirect";
import { fill } from "../../ui/texts";
import { failureMessage } from "../../ui/use-schema-form";
import type { EventTexts } from "./texts";
import { QUOTE_STATE } from "../../../shared/domain/event-requests";

interface Props {
  request: EventRequestAnswer;
  texts: EventTexts;
  onChange: () => void;
}

export function QuotePanel({ request, texts, onChange }: Props) {
  const { quote, quoteState } = request;
  const [methods, setMethods] = useState<PaymentCode[]>([]);
  const [method, setMethod] = useState<PaymentCode | "">("");
  const [seats, setSeats] = useState("1");
  const [busy, setBusy] = useState(false);
  const zone = timeZoneOf(request.countryCode);
  const payable = quoteState === QUOTE_STATE.quoted || (quoteState === QUOTE_STATE.paid && request.payer === "organiser");

  useEffect(() => {
    if (!payable || !quote) return;
    api("GET /api/payment-methods", { query: { "country-code": request.countryCode } })
      .then((rows) => {
        const codes = rows.map((row) => row.code).filter((code) => code !== "prepagado" && (code !== "webpay" || quote.currency === "CLP"));
        setMethods(codes);
        setMethod(codes[0] ?? "");
      })
      .catch(() => setMethods([]));
  }, [payable, quote, request.countryCode]);

  async function pay(extraSeats?: number) {
    if (!method) return;
    setBusy(true);
    try {
      const started = await api("POST /shop-api/event-requests/:id/pay", {
        params: { id: request.id },
        body: { paymentCode: method, url: window.location.pathname, ...(extraSeats ? { seats: extraSeats } : {}) },
      });
      if (!followPayment(started)) {
        showToast("success", texts["groups.quote.transfer_started"]);
        setBusy(false);
        onChange();
      }
    } catch (error) {
      showToast("error", failureMessage(error, texts["groups.quote.pay_failed"]));
      setBusy(false);
    }
  }

  if (!quoteState) return null;
  return (
    <div className="quote-panel" data-quote-state={quoteState}>
      <p className="item-title">{texts["groups.quote.title"]}</p>
      {quote ? (
        <>
          <p className="item-detail">{fill(texts["groups.quote.total"], { total: formatPrice(quote.total, quote.currency), seats: quote.seats })}</p>
          {quote.perSeat !== null ? <p className="item-detail">{fill(texts["groups.quote.per_seat"], { price: formatPrice(quote.perSeat, quote.currency) })}</p> : null}
          {quoteState === "quoted" ? <p className="item-detail">{fill(texts["groups.quote.valid"], { date: formatDate(quote.validUntil, zone) })}</p> : null}
        </>
      ) : null}
      <p className={`state-badge quote-${quoteState}`}>{texts[`groups.quote.state.${quoteState}`]}</p>
      {payable && quote && methods.length > 0 ? (
        <div className="quote-pay">
          <label>
            {texts["groups.quote.method"]}
            <select value={method} onChange={(event) => setMethod(event.target.value as PaymentCode)}>
              {methods.map((code) => (
                <option key={code} value={code}>
                  {texts[`payments.method.${code}`]}
                </option>
              ))}
            </select>
          </label>
          {quoteState === "quoted" ? (
            <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => void pay()}>
              {texts["groups.quote.pay"]}
            </button>
          ) : (
            <>
              <label>
                {texts["groups.seats.count"]}
                <input type="number" min={1} max={5000} value={seats} onChange={(event) => setSeats(event.target.value)} />
              </label>
              <button type="button" className="btn btn-small btn-secondary" disabled={busy || !(Number(seats) >= 1)} onClick={() => void pay(Number(seats))}>
                {texts["groups.seats.buy"]}
              </button>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

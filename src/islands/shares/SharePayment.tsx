/**
 * A friend's share (`/share?token=…`): what they owe for which event, before when, and paying it with one of the
 * event country's methods; once paid, their own ticket's code. No account needed: the link is the key.
 */
import { useEffect, useState } from "react";
import QRCode from "qrcode";
import { api } from "../../client/api";
import { formatDateTime, timeZoneOf } from "../../shared/format/dates";
import { formatPrice } from "../../shared/format/money";
import type { PaymentCode } from "../../shared/domain/payment-codes";
import type { ShareAnswer } from "../../shared/schemas/answers/shares";
import { showToast } from "../../stores/toasts";
import { fill } from "../ui/texts";
import { failureMessage } from "../ui/use-schema-form";
import { followPayment } from "./pay-redirect";
import type { ShareTexts } from "./texts";
import { SHARE_STATE } from "../../shared/domain/shares";

export default function SharePayment({ texts }: { texts: ShareTexts }) {
  const [token] = useState(() => (typeof window === "undefined" ? "" : (new URLSearchParams(window.location.search).get("token") ?? "")));
  const [share, setShare] = useState<ShareAnswer | "missing" | null>(null);
  const [method, setMethod] = useState<PaymentCode | "">("");
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return setShare("missing");
    api("GET /shop-api/shares/:token", { params: { token } })
      .then((answer) => {
        setShare(answer);
        setMethod((answer.paymentCodes[0] as PaymentCode | undefined) ?? "");
      })
      .catch(() => setShare("missing"));
  }, [token]);

  useEffect(() => {
    if (share && share !== "missing" && share.ticketCode) void QRCode.toDataURL(share.ticketCode, { margin: 1, width: 240 }).then(setQr);
  }, [share]);

  async function pay() {
    if (!method) return;
    setBusy(true);
    try {
      const started = await api("POST /shop-api/shares/:token/pay", { params: { token }, body: { paymentCode: method, url: window.location.pathname } });
      if (!followPayment(started)) {
        showToast("success", texts["private_events.quote.transfer_started"]);
        setBusy(false);
      }
    } catch (error) {
      showToast("error", failureMessage(error, texts["private_events.quote.pay_failed"]));
      setBusy(false);
    }
  }

  if (share === null) return <div className="spinner" role="status" aria-label={texts["common.loading"]} />;
  if (share === "missing") return <p className="empty-text">{texts["share.not_found"]}</p>;
  const zone = timeZoneOf(share.countryCode);
  return (
    <section className="share-page account-card" data-share-state={share.state}>
      <h1>{fill(texts["share.title"], { event: share.eventName })}</h1>
      {share.eventDate ? <p>{formatDateTime(share.eventDate, zone)}</p> : null}
      <p>{fill(texts["share.from"], { buyer: share.buyerName, name: share.name })}</p>
      <p className="share-amount">{fill(texts["share.amount"], { amount: formatPrice(share.amount, share.currency) })}</p>
      {share.state === SHARE_STATE.pending ? (
        <>
          <p>{fill(texts["shares.deadline"], { deadline: formatDateTime(share.deadline, zone) })}</p>
          <fieldset className="share-methods">
            <legend>{texts["private_events.quote.method"]}</legend>
            {share.paymentCodes.map((code) => (
              <label key={code} className="check">
                <input type="radio" name="share-method" value={code} checked={method === code} onChange={() => setMethod(code as PaymentCode)} />
                {texts[`payments.method.${code as PaymentCode}`]}
              </label>
            ))}
          </fieldset>
          <button type="button" className="btn btn-primary" disabled={busy || !method} onClick={() => void pay()}>
            {texts["share.pay"]}
          </button>
        </>
      ) : null}
      {share.state === SHARE_STATE.paid ? (
        <div className="share-ticket" role="status">
          <p>{texts["share.paid"]}</p>
          {qr ? <img src={qr} alt={`#${share.orderId}`} width={240} height={240} /> : null}
          <p>#{share.orderId}</p>
        </div>
      ) : null}
      {share.state === SHARE_STATE.released ? <p role="status">{texts["share.released"]}</p> : null}
    </section>
  );
}

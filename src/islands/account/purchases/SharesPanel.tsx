/**
 * A shared purchase seen by its buyer: each friend's share, paid, pending (with its deadline) or released, and a
 * button to pay a pending one for them with the order's method. Shows nothing for a purchase without shares.
 */
import { useEffect, useState } from "react";
import { api } from "../../../client/api";
import { formatDateTime } from "../../../shared/format/dates";
import { formatPrice } from "../../../shared/format/money";
import type { PaymentCode } from "../../../shared/domain/payment-codes";
import { SHARE_STATE } from "../../../shared/domain/shares";
import type { OrderSharesAnswer } from "../../../shared/schemas/answers/shares";
import { showToast } from "../../../stores/toasts";
import { followPayment } from "../../shares/pay-redirect";
import { fill } from "../../ui/texts";
import { failureMessage } from "../../ui/use-schema-form";
import type { PurchaseTexts } from "./texts";

interface Props {
  orderId: number;
  paymentCode: string;
  zone: string;
  texts: PurchaseTexts;
}

export function SharesPanel({ orderId, paymentCode, zone, texts }: Props) {
  const [shares, setShares] = useState<OrderSharesAnswer>([]);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    api("GET /shop-api/orders/:id/shares", { params: { id: orderId } })
      .then(setShares)
      .catch(() => setShares([]));
  }, [orderId]);

  async function payFor(shareId: number) {
    setBusy(shareId);
    try {
      const started = await api("POST /shop-api/orders/:id/shares/:shareId/pay", {
        params: { id: orderId, shareId },
        body: { paymentCode: paymentCode as PaymentCode, url: window.location.pathname },
      });
      if (!followPayment(started)) showToast("success", texts["private_events.quote.transfer_started"]);
    } catch (error) {
      showToast("error", failureMessage(error, texts["private_events.quote.pay_failed"]));
    } finally {
      setBusy(null);
    }
  }

  if (shares.length === 0) return null;
  return (
    <section aria-labelledby="purchase-shares-title" className="purchase-shares">
      <h3 id="purchase-shares-title">{texts["shares.title"]}</h3>
      <ul>
        {shares.map((share) => (
          <li key={share.id} data-share={share.email} data-share-state={share.state}>
            <span>{share.name}</span> <span>{formatPrice(share.amount, share.currency)}</span>{" "}
            <span className={`guest-badge share-${share.state}`}>{texts[`shares.state.${share.state}`]}</span>
            {share.state === SHARE_STATE.pending ? (
              <>
                {" "}
                <span className="item-detail">{fill(texts["shares.deadline"], { deadline: formatDateTime(share.deadline, zone) })}</span>{" "}
                <button type="button" className="btn btn-small btn-secondary" disabled={busy === share.id} onClick={() => void payFor(share.id)}>
                  {texts["shares.pay_for"]}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Devoluciones": refunds by state, oldest money owed first. One paid by hand (a bank transfer) shows the buyer
 * to ask for their bank details; staff write where they sent the money and mark it paid, after a dialog that says
 * what will happen (the buyer is mailed).
 */
import { useCallback, useEffect, useState } from "react";
import { api, ApiFailure } from "../../../client/api";
import { REFUND_STATE, REFUND_STATES, type RefundState } from "../../../shared/domain/refunds";
import type { RefundDeskItem } from "../../../shared/schemas/answers/order-desk";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import { ConfirmDialog } from "../ConfirmDialog";
import { money, Stacked, when } from "../orders/order-rows";
import type { SectionProps } from "../section-props";
import { StaffTable } from "../StaffTable";
import "../orders/staff-day.css";

export default function RefundsSection({ texts, locale, prefix }: SectionProps) {
  const [state, setState] = useState<RefundState>(REFUND_STATE.awaiting_manual);
  const [items, setItems] = useState<RefundDeskItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [paying, setPaying] = useState<RefundDeskItem | null>(null);
  const [bankDetails, setBankDetails] = useState("");
  const [error, setError] = useState<string | undefined>();

  const load = useCallback(() => {
    setFailed(false);
    api("GET /shop-api/staff/refunds", { query: { state } })
      .then(setItems)
      .catch(() => setFailed(true));
  }, [state]);
  useEffect(load, [load]);

  async function markPaid() {
    if (!paying) return;
    try {
      await api("POST /shop-api/staff/refunds/:id/paid", { params: { id: paying.refund.id }, body: { bankDetails } });
      showToast("success", texts["desk.done"]);
      setPaying(null);
      load();
    } catch (failure) {
      setError(failure instanceof ApiFailure ? (failure.fields?.bankDetails ?? failure.message) : texts["staff_day.action_error"]);
    }
  }

  return (
    <div className="staff-refunds">
      <h2 className="staff-heading">{texts["refunds.title"]}</h2>
      <p className="staff-intro">{texts["refunds.intro"]}</p>
      <div className="staff-filters">
        <label>
          {texts["refunds.col.state"]}
          <select value={state} onChange={(event) => setState(event.target.value as RefundState)}>
            {REFUND_STATES.map((name) => (
              <option key={name} value={name}>
                {texts[`refunds.state.${name}`]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {failed ? <p className="empty-text">{texts["staff_day.load_error"]}</p> : null}
      {!items && !failed ? <div className="spinner" role="status" aria-label={texts["staff.loading"]} /> : null}
      {items && items.length === 0 ? <p className="empty-text">{texts["refunds.empty"]}</p> : null}
      {items && items.length > 0 ? (
        <StaffTable
          rows={items}
          rowKey={(item) => String(item.refund.id)}
          rowData={(item) => ({ "data-refund": item.refund.id })}
          testId="refunds"
          columns={[
            {
              key: "order",
              header: texts["refunds.col.order"],
              cell: (item) => (
                <>
                  <a href={`${prefix}/staff/orders?order=${item.refund.orderId}`}>#{item.refund.orderId}</a>
                  <br />
                  <span className="staff-muted">{item.eventName}</span>
                </>
              ),
            },
            {
              key: "buyer",
              header: texts["refunds.col.buyer"],
              cell: (item) => (
                <Stacked
                  name={item.buyer.name}
                  detail={
                    <>
                      {item.buyer.email} · {item.buyer.phone}
                    </>
                  }
                />
              ),
            },
            { key: "amount", header: texts["refunds.col.amount"], numeric: true, cell: (item) => money(item.refund.amount, item.refund.currency, locale) },
            {
              key: "reason",
              header: texts["refunds.col.reason"],
              cell: (item) => (
                <>
                  {texts[`refunds.reason.${item.refund.reason}`]}
                  {item.refund.note ? <span className="staff-muted"> · {item.refund.note}</span> : null}
                </>
              ),
            },
            {
              key: "state",
              header: texts["refunds.col.state"],
              cell: (item) => (
                <>
                  {texts[`refunds.state.${item.refund.state}`]}
                  <br />
                  <time className="staff-muted" dateTime={item.refund.paidAt ?? item.refund.createdAt}>
                    {when(item.refund.paidAt ?? item.refund.createdAt, item.timeZone, texts)}
                  </time>
                  {item.bankDetails ? <span className="staff-muted"> · {item.bankDetails}</span> : null}
                </>
              ),
            },
            {
              key: "actions",
              header: texts["orders.col.actions"],
              unlabelled: true,
              cellClass: "staff-actions",
              cell: (item) =>
                item.refund.state === REFUND_STATE.awaiting_manual ? (
                  <button
                    type="button"
                    className="btn btn-primary btn-small"
                    onClick={() => {
                      setPaying(item);
                      setBankDetails("");
                      setError(undefined);
                    }}
                  >
                    {texts["refunds.mark_paid"]}
                  </button>
                ) : null,
            },
          ]}
        />
      ) : null}
      {paying ? (
        <ConfirmDialog
          title={texts["desk.confirm_title"]}
          consequence={fill(texts["refunds.confirm_paid"], { amount: money(paying.refund.amount, paying.refund.currency, locale), buyer: paying.buyer.name })}
          texts={texts}
          error={error}
          onClose={() => setPaying(null)}
          onConfirm={markPaid}
          confirmLabel={texts["refunds.mark_paid"]}
        >
          <label htmlFor="refund-bank">{texts["refunds.bank_details"]}</label>
          <textarea id="refund-bank" rows={3} maxLength={500} required autoFocus value={bankDetails} onChange={(event) => setBankDetails(event.target.value)} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

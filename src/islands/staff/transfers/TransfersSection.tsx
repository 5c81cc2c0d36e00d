/**
 * Transfers to validate (the shop promises buyers that staff validate a transfer within 24 hours, after which a
 * mail confirms receipt): the orders awaiting a bank transfer, oldest first, each with the hours left of the promise;
 * staff confirm the payment or reject it with a reason the buyer is mailed.
 */
import { useCallback, useEffect, useState } from "react";
import { api, ApiFailure } from "../../../client/api";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import type { StaffOrder } from "../../../shared/schemas/answers/staff-day";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import { ConfirmDialog } from "../ConfirmDialog";
import { money, orderColumns, when } from "../orders/order-rows";
import type { SectionProps } from "../section-props";
import { StaffTable } from "../StaffTable";
import type { StaffTexts } from "../texts";
import "../orders/staff-day.css";

type Load = "loading" | "ready" | "failed";

export default function TransfersSection({ texts, locale }: SectionProps) {
  const [items, setItems] = useState<StaffOrder[]>([]);
  const [load, setLoad] = useState<Load>("loading");
  const [busy, setBusy] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<StaffOrder | null>(null);
  const [confirming, setConfirming] = useState<StaffOrder | null>(null);

  const refresh = useCallback(() => {
    api("GET /shop-api/staff/orders", {
      query: { state: ORDER_STATE.awaiting_transfer_payment, pageSize: 100 },
    })
      .then((page) => {
        setItems(page.items);
        setLoad("ready");
      })
      .catch(() => setLoad("failed"));
  }, []);
  useEffect(refresh, [refresh]);
  const columns = orderColumns(texts, locale);

  async function confirm(order: StaffOrder) {
    setConfirming(null);
    setBusy(order.id);
    try {
      const result = await api(
        "POST /shop-api/staff/orders/:id/confirm-transfer",
        { params: { id: order.id } },
      );
      showToast(
        "success",
        fill(
          texts[result.changed ? "transfers.confirmed" : "transfers.already"],
          { id: order.id },
        ),
      );
      refresh();
    } catch (error) {
      showToast(
        "error",
        error instanceof ApiFailure && error.message
          ? error.message
          : texts["staff_day.action_error"],
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="staff-transfers">
      <h2 className="staff-heading">{texts["transfers.title"]}</h2>
      <p className="staff-intro">{texts["transfers.intro"]}</p>
      {load === "loading" ? (
        <div
          className="spinner"
          role="status"
          aria-label={texts["staff.loading"]}
        />
      ) : null}
      {load === "failed" ? (
        <p className="empty-text">{texts["staff_day.load_error"]}</p>
      ) : null}
      {load === "ready" && items.length === 0 ? (
        <p className="empty-text">{texts["transfers.empty"]}</p>
      ) : null}
      {load === "ready" && items.length > 0 ? (
        <StaffTable
          rows={items}
          rowKey={(order) => String(order.id)}
          rowData={(order) => ({ "data-order": order.id })}
          testId="transfers"
          columns={[
            {
              key: "id",
              header: texts["orders.col.id"],
              cell: (order) => (
                <>
                  <strong>#{order.id}</strong>
                  <br />
                  <time className="staff-muted staff-when" dateTime={order.placedAt}>
                    {when(order.placedAt, order.event.timeZone, texts)}
                  </time>
                </>
              ),
            },
            columns.buyer,
            columns.event,
            columns.amount,
            { key: "deadline", header: texts["orders.col.deadline"], cell: (order) => <Deadline hours={order.hoursLeft} texts={texts} /> },
            {
              key: "actions",
              header: texts["orders.col.actions"],
              unlabelled: true,
              cellClass: "staff-actions",
              cell: (order) => (
                <div className="staff-actions-inner">
                  <button type="button" className="btn btn-primary btn-small" disabled={busy === order.id} onClick={() => setConfirming(order)}>
                    {texts["transfers.confirm"]}
                  </button>
                  <button type="button" className="btn btn-ghost btn-small" disabled={busy === order.id} onClick={() => setRejecting(order)}>
                    {texts["transfers.reject"]}
                  </button>
                </div>
              ),
            },
          ]}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={texts["desk.confirm_title"]}
          consequence={fill(texts["transfers.confirm_what"], { id: confirming.id, amount: money(confirming.total, confirming.currency, locale) })}
          texts={texts}
          confirmLabel={texts["transfers.confirm"]}
          onClose={() => setConfirming(null)}
          onConfirm={() => confirm(confirming)}
        />
      ) : null}
      {rejecting ? (
        <RejectDialog
          order={rejecting}
          texts={texts}
          onClose={(done) => {
            setRejecting(null);
            if (done) refresh();
          }}
        />
      ) : null}
    </div>
  );
}

function Deadline({ hours, texts }: { hours: number; texts: StaffTexts }) {
  const late = hours < 0;
  const shown = Math.abs(hours).toFixed(Math.abs(hours) < 10 ? 1 : 0);
  return (
    <span
      className={`deadline ${late ? "deadline-late" : hours < 6 ? "deadline-soon" : ""}`}
    >
      {fill(texts[late ? "transfers.overdue" : "transfers.hours_left"], {
        hours: shown,
      })}
    </span>
  );
}

/** Rejecting a transfer: the buyer is mailed the reason, so the dialog asks for it before anything happens. */
function RejectDialog({
  order,
  texts,
  onClose,
}: {
  order: StaffOrder;
  texts: StaffTexts;
  onClose(done: boolean): void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();

  async function send() {
    setError(undefined);
    try {
      const result = await api("POST /shop-api/staff/orders/:id/reject-transfer", { params: { id: order.id }, body: { reason } });
      showToast("success", fill(texts[result.changed ? "transfers.rejected" : "transfers.already"], { id: order.id }));
      onClose(true);
    } catch (failure) {
      setError(failure instanceof ApiFailure ? (failure.fields?.reason ?? failure.message) : texts["staff_day.action_error"]);
    }
  }

  return (
    <ConfirmDialog
      title={fill(texts["transfers.reject_title"], { id: order.id })}
      consequence={texts["transfers.reject_what"]}
      texts={texts}
      error={error}
      errorId="reject-error"
      confirmLabel={texts["transfers.reject_send"]}
      onClose={() => onClose(false)}
      onConfirm={send}
    >
      <label htmlFor="reject-reason">{texts["transfers.reject_reason"]}</label>
      <textarea
        id="reject-reason"
        rows={4}
        maxLength={500}
        value={reason}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "reject-error" : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
    </ConfirmDialog>
  );
}

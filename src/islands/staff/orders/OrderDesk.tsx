/**
 * One order at the staff's desk: buyer, event, tickets and passengers (each correctable, and choosable for a
 * refund), payments with the gateway's answers, check-ins, messages sent, refunds and the history of staff actions,
 * with the actions: resend the tickets, refund all or the chosen passengers, cancel, add a note. Refunds and
 * cancellations are confirmed in a dialog that says what will happen.
 */
import { useCallback, useEffect, useState } from "react";
import { api, ApiFailure } from "../../../client/api";
import type { OrderDesk as Desk } from "../../../shared/schemas/answers/order-desk";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import { LEG } from "../../../shared/domain/legs";
import { ConfirmDialog } from "../ConfirmDialog";
import { downloadStaffFile } from "../download-file";
import type { StaffTexts } from "../texts";
import { money, StateChip, when } from "./order-rows";
import { PassengerRow } from "./PassengerRow";
import { ORDER_ACTOR, ORDER_STATE, isAwaiting } from "../../../shared/domain/order-states";
import { PAYMENT_CODES, type PaymentCode } from "../../../shared/domain/payment-codes";
import { PAYMENT_STATE, PAYMENT_STATES, type PaymentState } from "../../../shared/domain/payment-states";
import { STAFF_REFUND_REASONS, type StaffRefundReason } from "../../../shared/domain/refunds";

type Pending = { kind: "refund"; passengerIds?: number[] } | { kind: "cancel" } | null;

const METHOD_KEY = { webpay: "payments.method.webpay", mercadopago: "payments.method.mercadopago", transferencia: "payments.method.transferencia" } as const;

/** A payment's method and state in the staff's words (a code the shop no longer knows is shown as stored). */
function methodLabel(method: string, texts: StaffTexts): string {
  return (PAYMENT_CODES as readonly string[]).includes(method) ? texts[`payments.method.${method as PaymentCode}`] : method;
}
function paymentStateLabel(state: string, texts: StaffTexts): string {
  return (PAYMENT_STATES as readonly string[]).includes(state) ? texts[`desk.payment.state.${state as PaymentState}`] : state;
}

function failureText(error: unknown, texts: StaffTexts): string {
  return error instanceof ApiFailure && error.message ? error.message : texts["staff_day.action_error"];
}

/** Who acted: a person by their email (the buyer marked as such), a gateway by its name, the sweeper by its own word. */
function historyBy(entry: Desk["history"][number], texts: StaffTexts): string {
  if (entry.actor === ORDER_ACTOR.staff) return entry.by;
  if (entry.actor === ORDER_ACTOR.sweeper) return texts["admin.actor.sweeper"];
  return `${texts[`admin.actor.${entry.actor}`]} (${entry.by})`;
}

/** What staff or the buyer wrote with it: a note's text, or the reason given. */
function historyWords(details: unknown): string {
  if (!details || typeof details !== "object") return "";
  const { text, note, reason } = details as { text?: unknown; note?: unknown; reason?: unknown };
  const words = [text, note ?? reason].filter((word): word is string => typeof word === "string" && word.length > 0);
  return words.length ? ` · ${words.join(" · ")}` : "";
}

/** A message in words: its channel and kind, the leg or how a refund goes back. */
function messageLabel(message: Desk["messages"][number], texts: StaffTexts): string {
  const detail = message.leg ? texts[`desk.message.leg.${message.leg}`] : message.refundHow ? texts[`desk.message.refund_how.${message.refundHow}`] : null;
  return `${texts[`desk.channel.${message.channel}`]} · ${texts[`desk.message.${message.what}`]}${detail ? ` (${detail})` : ""}`;
}

export function OrderDesk({ orderId, texts, locale, onBack }: { orderId: number; texts: StaffTexts; locale: string; onBack(): void }) {
  const [desk, setDesk] = useState<Desk | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState("");
  const [reasonCode, setReasonCode] = useState<StaffRefundReason>("requested");
  /** What the dialog's last confirmation was refused for, and whether the refusal is about the written reason. */
  const [dialogError, setDialogError] = useState<{ text: string; onReason: boolean } | undefined>();
  const [note, setNote] = useState("");
  // One key per dialog opening: a retried confirmation of the same refund never refunds twice.
  const [refundKey, setRefundKey] = useState("");

  const load = useCallback(() => {
    api("GET /shop-api/staff/orders/:id", { params: { id: orderId } })
      .then((answer) => {
        setDesk(answer);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [orderId]);
  useEffect(load, [load]);

  if (failed) return <p className="empty-text">{texts["staff_day.load_error"]}</p>;
  if (!desk) return <div className="spinner" role="status" aria-label={texts["staff.loading"]} />;

  const live = desk.tickets.filter((ticket) => ticket.refundedIn === null);
  const methodName = texts[METHOD_KEY[desk.paymentCode as keyof typeof METHOD_KEY] ?? "payments.method.transferencia"];
  const valueOf = (ids: number[] | undefined) => {
    if (!ids) return desk.money.net;
    return live.filter((ticket) => ticket.passengers.some((p) => ids.includes(p.id))).reduce((sum, ticket) => sum + (ticket.discountPrice ?? ticket.price), 0);
  };
  const seatsOf = (ids: number[] | undefined) => (ids ? live.filter((ticket) => ticket.passengers.some((p) => ids.includes(p.id))).length : live.length);

  function open(next: Pending) {
    setPending(next);
    setReason("");
    setReasonCode("requested");
    setDialogError(undefined);
    setRefundKey(`desk-${orderId}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`);
  }

  async function act(run: () => Promise<unknown>, success: string) {
    try {
      await run();
      showToast("success", success);
      load();
    } catch (error) {
      showToast("error", failureText(error, texts));
    }
  }

  async function confirmPending() {
    if (!pending) return;
    try {
      if (pending.kind === "refund") {
        const refund = await api("POST /shop-api/staff/orders/:id/refund", {
          params: { id: orderId },
          body: { reasonCode, reason, passengerIds: pending.passengerIds, idempotencyKey: refundKey },
        });
        showToast("success", fill(texts["desk.refund_done"], { amount: money(refund.amount, refund.currency, locale) }));
      } else {
        await api("POST /shop-api/staff/orders/:id/cancel", { params: { id: orderId }, body: { reason } });
        showToast("success", texts["desk.done"]);
      }
      setPending(null);
      setChosen([]);
      load();
    } catch (error) {
      const onReason = error instanceof ApiFailure && error.fields?.reason !== undefined;
      setDialogError({ text: error instanceof ApiFailure ? (error.fields?.reason ?? error.message) : texts["staff_day.action_error"], onReason });
    }
  }

  const paid = desk.state === ORDER_STATE.paid;
  const waiting = isAwaiting(desk.state);
  const consequence =
    pending?.kind === "refund"
      ? fill(texts["desk.confirm_refund"], { amount: money(valueOf(pending.passengerIds), desk.currency, locale), method: methodName, seats: seatsOf(pending.passengerIds) })
      : paid
        ? fill(texts["desk.confirm_cancel_paid"], { amount: money(desk.money.net, desk.currency, locale), method: methodName })
        : texts["desk.confirm_cancel_waiting"];

  return (
    <div className="order-desk" data-testid="order-desk">
      <button type="button" className="btn btn-ghost btn-small" onClick={onBack}>
        ← {texts["desk.back"]}
      </button>
      <header className="order-desk-head">
        <h2 className="staff-heading">{fill(texts["desk.title"], { id: desk.id })}</h2>
        <StateChip state={desk.state} texts={texts} />
        <strong>{money(desk.money.total, desk.currency, locale)}</strong>
      </header>
      {desk.money.refunded > 0 ? (
        <p className="staff-muted" data-testid="desk-money">
          {texts["money.paid"]} {money(desk.money.paid, desk.currency, locale)} · {texts["money.refunded"]} {money(desk.money.refunded, desk.currency, locale)} · {texts["money.net"]}{" "}
          {money(desk.money.net, desk.currency, locale)}
        </p>
      ) : null}
      {desk.splitFromId ? <p className="staff-muted">{fill(texts["desk.split_from"], { id: desk.splitFromId })}</p> : null}

      <div className="order-desk-actions">
        <button type="button" className="btn btn-secondary btn-small" disabled={!paid && desk.state !== ORDER_STATE.awaiting_transfer_payment} onClick={() => act(() => api("POST /shop-api/staff/orders/:id/resend", { params: { id: orderId } }), texts["desk.done"])}>
          {texts["desk.resend"]}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={desk.splitFromId !== null || (!paid && desk.refunds.length === 0)}
          onClick={() => downloadStaffFile(`/shop-api/staff/orders/${orderId}/invoice`, `rodamos-${orderId}-invoice.pdf`, locale, "application/pdf").catch(() => showToast("error", texts["staff_day.load_error"]))}
        >
          {texts["invoice.download"]}
        </button>
        <button type="button" className="btn btn-secondary btn-small" disabled={!paid} onClick={() => open({ kind: "refund" })}>
          {texts["desk.refund_all"]}
        </button>
        <button type="button" className="btn btn-secondary btn-small" disabled={!paid || chosen.length === 0} onClick={() => open({ kind: "refund", passengerIds: chosen })}>
          {texts["desk.refund_selected"]}
        </button>
        <button type="button" className="btn btn-ghost btn-small" disabled={!paid && !waiting} onClick={() => open({ kind: "cancel" })}>
          {texts["desk.cancel"]}
        </button>
      </div>

      <section aria-labelledby="desk-buyer">
        <h3 id="desk-buyer">{texts["desk.buyer"]}</h3>
        <p className="staff-stack">
          {desk.buyer.name}
          <span className="staff-muted">
            {desk.buyer.email} · {desk.buyer.phone}
          </span>
        </p>
        <h3>{texts["desk.event"]}</h3>
        <p>
          {desk.event.name} · {when(desk.event.date, desk.event.timeZone, texts)}
        </p>
      </section>

      <section aria-labelledby="desk-tickets">
        <h3 id="desk-tickets">{texts["desk.tickets"]}</h3>
        {desk.tickets.map((ticket) => (
          <div key={ticket.id} className="desk-ticket" data-ticket={ticket.id}>
            <p>
              <strong>{ticket.name}</strong> · {money(ticket.discountPrice ?? ticket.price, desk.currency, locale)}
              {ticket.refundedIn !== null ? <span className="state-chip state-cancelled">{texts["desk.refunded"]}</span> : null}
            </p>
            <ul className="desk-passengers">
              {ticket.passengers.map((passenger) => (
                <PassengerRow
                  key={passenger.id}
                  orderId={orderId}
                  passenger={passenger}
                  texts={texts}
                  choosable={paid && ticket.refundedIn === null}
                  chosen={chosen.includes(passenger.id)}
                  onChoose={(on) => setChosen(on ? [...chosen, passenger.id] : chosen.filter((id) => id !== passenger.id))}
                  onSaved={load}
                />
              ))}
            </ul>
            {ticket.addresses.map((address, i) => (
              <p key={i} className="staff-muted">
                {address.address}, {address.countyName}
              </p>
            ))}
          </div>
        ))}
      </section>

      <section aria-labelledby="desk-payments">
        <h3 id="desk-payments">{texts["desk.payments"]}</h3>
        {desk.payments.map((payment) => (
          <div key={payment.id}>
            <p>
              {methodLabel(payment.method, texts)} · {paymentStateLabel(payment.state, texts)} · {money(payment.amount, desk.currency, locale)}
              {payment.providerReference ? <span className="staff-muted"> · {payment.providerReference}</span> : null}
            </p>
            {payment.state === PAYMENT_STATE.duplicate || payment.state === PAYMENT_STATE.duplicate_refunded ? (
              <p className="staff-warning" data-testid="duplicate-payment">
                {texts[payment.state === PAYMENT_STATE.duplicate ? "desk.payment.duplicate" : "desk.payment.duplicate_refunded"]}
              </p>
            ) : null}
            <details>
              <summary>{texts["desk.gateway_answers"]}</summary>
              <pre className="desk-raw">{JSON.stringify(payment.answers, null, 2)}</pre>
            </details>
          </div>
        ))}
      </section>

      <section aria-labelledby="desk-refunds">
        <h3 id="desk-refunds">{texts["desk.refunds"]}</h3>
        {desk.refunds.length === 0 ? <p className="staff-muted">{texts["desk.nothing"]}</p> : null}
        <ul>
          {desk.refunds.map((refund) => (
            <li key={refund.id}>
              {money(refund.amount, refund.currency, locale)} · {texts[`refunds.state.${refund.state}`]} · {texts[`refunds.reason.${refund.reason}`]}
              {refund.note ? ` · ${refund.note}` : ""}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="desk-boardings">
        <h3 id="desk-boardings">{texts["desk.boardings"]}</h3>
        {desk.checkIns.length === 0 ? <p className="staff-muted">{texts["desk.nothing"]}</p> : null}
        <ul>
          {desk.checkIns.map((boarding, i) => (
            <li key={i}>
              {boarding.leg} · {when(boarding.at, desk.event.timeZone, texts)}
            </li>
          ))}
        </ul>
      </section>

      {desk.noShows.length > 0 ? (
        <section aria-labelledby="desk-no-shows">
          <h3 id="desk-no-shows">{texts["boarding.no_shows"]}</h3>
          <ul data-testid="desk-no-shows">
            {desk.noShows.map((one) => (
              <li key={`${one.passengerId}-${one.leg}`}>
                {fill(texts["order.no_show"], { name: one.name, leg: texts[one.leg === LEG.outbound ? "order.no_show.outbound" : "order.no_show.return"], time: when(one.at, desk.event.timeZone, texts) })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {desk.ratings.length > 0 ? (
        <section aria-labelledby="desk-ratings">
          <h3 id="desk-ratings">{texts["desk.ratings"]}</h3>
          <ul data-testid="desk-ratings">
            {desk.ratings.map((one) => (
              <li key={one.passengerId} className={one.low ? "desk-rating-low" : undefined}>
                {fill(texts[one.low ? "desk.rating_low" : "desk.rating"], { name: one.name, score: one.score })}
                {one.comment ? ` · «${one.comment}»` : ""} · {when(one.at, desk.event.timeZone, texts)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="desk-messages">
        <h3 id="desk-messages">{texts["desk.messages"]}</h3>
        <ul data-testid="desk-messages">
          {desk.messages.map((message, i) => (
            <li key={i}>
              {messageLabel(message, texts)} · {message.to} · {when(message.at, desk.event.timeZone, texts)}
              {message.skipped
                ? ` · ${fill(texts["desk.message_skipped"], { reason: texts[`desk.skip.${message.skipped}`] })}`
                : message.sent
                  ? ""
                  : ` · ${texts["desk.message_pending"]}`}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="desk-history">
        <h3 id="desk-history">{texts["desk.history"]}</h3>
        {desk.history.length === 0 ? <p className="staff-muted">{texts["desk.nothing"]}</p> : null}
        <ul data-testid="desk-history">
          {desk.history.map((entry) => (
            <li key={entry.id}>
              {when(entry.at, desk.event.timeZone, texts)} · {historyBy(entry, texts)} · {texts[`admin.action.${entry.action}`]}
              {historyWords(entry.details)}
            </li>
          ))}
        </ul>
        <form
          className="staff-filters"
          onSubmit={(event) => {
            event.preventDefault();
            if (!note.trim()) return;
            void act(() => api("POST /shop-api/staff/orders/:id/notes", { params: { id: orderId }, body: { text: note } }), texts["desk.done"]).then(() => setNote(""));
          }}
        >
          <label>
            {texts["desk.note"]}
            <input type="text" value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} />
          </label>
          <button type="submit" className="btn btn-secondary btn-small">
            {texts["desk.note_add"]}
          </button>
        </form>
      </section>

      {pending ? (
        <ConfirmDialog title={texts["desk.confirm_title"]} consequence={consequence} texts={texts} error={dialogError?.text} errorId="desk-dialog-error" onClose={() => setPending(null)} onConfirm={confirmPending}>
          {pending.kind === "refund" ? (
            <>
              <label htmlFor="desk-reason-code">{texts["desk.reason_code"]}</label>
              <select id="desk-reason-code" value={reasonCode} onChange={(event) => setReasonCode(event.target.value as StaffRefundReason)}>
                {STAFF_REFUND_REASONS.map((code) => (
                  <option key={code} value={code}>
                    {texts[`refunds.reason.${code}`]}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          <label htmlFor="desk-reason">{pending.kind === "refund" ? texts["desk.refund_message"] : texts["desk.reason"]}</label>
          <textarea
            id="desk-reason"
            rows={3}
            maxLength={500}
            value={reason}
            required
            autoFocus
            aria-invalid={dialogError?.onReason ? true : undefined}
            aria-describedby={dialogError?.onReason ? "desk-dialog-error" : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              // What was refused is being rewritten: the refusal no longer describes it.
              if (dialogError?.onReason) setDialogError(undefined);
            }}
          />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

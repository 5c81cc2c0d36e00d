/**
 * The staff area's private events section (`/staff/event-requests`): the private events under review, each with its picture,
 * date, place, stops, invitation and guest list; approve with a quote (publishes the event and mails the organiser
 * the quote; invitations follow its payment) or free of charge, or reject with a reason the customer reads.
 */
import { useCallback, useEffect, useState } from "react";
import { api } from "../../../client/api";
import type { AnswerOf } from "../../../shared/api/contract";
import type { ApprovePrivateEventBody } from "../../../shared/schemas/private-event-quotes";
import { formatDate, formatTime, timeZoneOf } from "../../../shared/format/dates";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import { failureMessage } from "../../ui/use-schema-form";
import type { SectionProps } from "../section-props";
import { ConfirmDialog } from "../ConfirmDialog";
import { QuoteForm } from "./QuoteForm";
import { QuotedList } from "./QuotedList";
import { RejectForm } from "./RejectForm";
import "./private-events.css";
import { PRIVATE_EVENT_PAYER, STAFF_PRIVATE_EVENT_LIST } from "../../../shared/domain/private-events";

type Review = AnswerOf<"GET /shop-api/staff/event-requests">[number];

export default function PrivateEventsSection({ texts }: SectionProps) {
  const [rows, setRows] = useState<Review[] | "error" | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // The decision waiting for the dialog's confirmation: approving publishes and mails the quote, rejecting tells the owner.
  const [asking, setAsking] = useState<{ id: number; name: string; guests: number; reason?: string; approve?: ApprovePrivateEventBody } | null>(null);
  const [currencies, setCurrencies] = useState<Record<string, string>>({});

  useEffect(() => {
    api("GET /api/countries")
      .then((rows) => setCurrencies(Object.fromEntries(rows.map((row) => [row.code, row.currency]))))
      .catch(() => setCurrencies({}));
  }, []);

  const load = useCallback(() => {
    api("GET /shop-api/staff/event-requests", { query: { state: STAFF_PRIVATE_EVENT_LIST.underReview } })
      .then(setRows)
      .catch(() => setRows("error"));
  }, []);
  useEffect(load, [load]);

  async function decide(id: number, action: () => Promise<unknown>, done: string) {
    setBusy(id);
    try {
      await action();
      showToast("success", done);
      setRows((now) => (Array.isArray(now) ? now.filter((row) => row.request.id !== id) : now));
    } catch (error) {
      showToast("error", failureMessage(error, texts["private_events.load_failed"]));
      load();
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="review-section" aria-labelledby="review-title">
      <h2 id="review-title" className="staff-heading">
        {texts["private_events.staff.title"]}
      </h2>
      {rows === null ? <div className="spinner" role="status" aria-label={texts["staff.loading"]} /> : null}
      {rows === "error" ? <p className="empty-text">{texts["private_events.load_failed"]}</p> : null}
      {Array.isArray(rows) && rows.length === 0 ? <p className="empty-text">{texts["private_events.staff.empty"]}</p> : null}
      {Array.isArray(rows) && rows.length > 0 ? (
        <ul className="review-list">
          {rows.map(({ request: privateEvent, owner, guests }) => {
            const zone = timeZoneOf(privateEvent.countryCode);
            const seats = guests.reduce((sum, guest) => sum + guest.seats, 0);
            return (
              <li key={privateEvent.id} className="review-card" data-review={privateEvent.id}>
                {privateEvent.imagePath ? <img className="review-image" src={privateEvent.imagePath} alt="" width={1200} height={600} loading="lazy" /> : null}
                <div className="review-body">
                  <h3>{privateEvent.name}</h3>
                  <p>
                    {fill(texts["private_events.when"], { date: formatDate(privateEvent.startDate, zone), start: formatTime(privateEvent.startDate, zone), end: formatTime(privateEvent.endDate, zone) })}
                  </p>
                  <p>
                    {privateEvent.location} · {privateEvent.address} · {privateEvent.county.name}
                  </p>
                  {privateEvent.additionalStops.length > 0 ? (
                    <p>
                      {texts["private_events.stops"]}: {privateEvent.additionalStops.map((stop) => `${stop.time} ${stop.address}`).join(" · ")}
                    </p>
                  ) : null}
                  <p>
                    {texts["private_events.staff.owner"]}: {owner.name} ({owner.email})
                  </p>
                  <blockquote className="review-invitation">{privateEvent.invitation}</blockquote>
                  <details>
                    <summary>{fill(texts["private_events.staff.guest_count"], { count: guests.length, seats })}</summary>
                    <table className="review-guests">
                      <tbody>
                        {guests.map((guest) => (
                          <tr key={guest.id}>
                            <td>{guest.name}</td>
                            <td>{guest.email}</td>
                            <td>{guest.phone ?? ""}</td>
                            <td>{fill(texts["private_events.seats"], { seats: guest.seats })}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </details>
                  <div className="review-actions">
                    <p>
                      {fill(texts["private_events.staff.expected"], { count: privateEvent.guestsExpected ?? seats })} ·{" "}
                      {fill(texts["private_events.staff.payer"], { payer: texts[privateEvent.payer === PRIVATE_EVENT_PAYER.guests ? "private_events.payer.guests" : "private_events.payer.organiser"] })}
                    </p>
                    <QuoteForm
                      texts={texts}
                      privateEventId={privateEvent.id}
                      name={privateEvent.name}
                      currency={currencies[privateEvent.countryCode] ?? "COP"}
                      seats={privateEvent.guestsExpected ?? seats}
                      disabled={busy === privateEvent.id}
                      onApprove={async (body) => setAsking({ id: privateEvent.id, name: privateEvent.name, guests: guests.length, approve: body })}
                    />
                    <RejectForm
                      texts={texts}
                      privateEventId={privateEvent.id}
                      disabled={busy === privateEvent.id}
                      onReject={async (reason) => setAsking({ id: privateEvent.id, name: privateEvent.name, guests: guests.length, reason })}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={texts["desk.confirm_title"]}
          consequence={fill(texts[asking.approve ? "private_events.staff.approve_what" : "private_events.staff.reject_what"], { name: asking.name, count: asking.guests })}
          texts={texts}
          confirmLabel={texts[asking.approve ? "private_events.staff.approve" : "private_events.staff.reject"]}
          onClose={() => setAsking(null)}
          onConfirm={async () => {
            const { id, reason, approve } = asking;
            setAsking(null);
            if (approve) {
              await decide(
                id,
                () => api("POST /shop-api/staff/event-requests/:id/approve", { params: { id }, body: approve }),
                texts[approve.waive ? "private_events.staff.approved" : "private_events.staff.approved_quote"],
              );
            }
            else if (reason !== undefined) await decide(id, () => api("POST /shop-api/staff/event-requests/:id/reject", { params: { id }, body: { reason } }), texts["private_events.staff.rejected"]);
          }}
        />
      ) : null}
      <QuotedList texts={texts} />
    </section>
  );
}

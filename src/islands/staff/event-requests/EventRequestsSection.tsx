/**
 * The staff area's "event-requests" section: the private event requests under review, each with its picture,
 * date, place, stops, invitation and guest list; approve with a quote (publishes the event and mails the organiser
 * the quote; invitations follow its payment) or free of charge, or reject with a reason the customer reads.
 */
import { useCallback, useEffect, useState } from "react";
import { api } from "../../../client/api";
import type { AnswerOf } from "../../../shared/api/routes";
import type { ApproveRequestBody } from "../../../shared/schemas/event-quotes";
import { formatDate, formatTime, timeZoneOf } from "../../../shared/format/dates";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import { failureMessage } from "../../ui/use-schema-form";
import type { SectionProps } from "../section-props";
import { ConfirmDialog } from "../ConfirmDialog";
import { QuoteForm } from "./QuoteForm";
import { QuotedList } from "./QuotedList";
import { RejectForm } from "./RejectForm";
import "./event-requests.css";

type Review = AnswerOf<"GET /shop-api/staff/event-requests">[number];

export default function EventRequestsSection({ texts }: SectionProps) {
  const [rows, setRows] = useState<Review[] | "error" | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // The decision waiting for the dialog's confirmation: approving publishes and mails the quote, rejecting tells the owner.
  const [asking, setAsking] = useState<{ id: number; name: string; guests: number; reason?: string; approve?: ApproveRequestBody } | null>(null);
  const [currencies, setCurrencies] = useState<Record<string, string>>({});

  useEffect(() => {
    api("GET /api/countries")
      .then((rows) => setCurrencies(Object.fromEntries(rows.map((row) => [row.code, row.currency]))))
      .catch(() => setCurrencies({}));
  }, []);

  const load = useCallback(() => {
    api("GET /shop-api/staff/event-requests", { query: { state: "2" } })
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
          {rows.map(({ request, owner, guests }) => {
            const zone = timeZoneOf(request.countryCode);
            const seats = guests.reduce((sum, guest) => sum + guest.seats, 0);
            return (
              <li key={request.id} className="review-card" data-review={request.id}>
                {request.imagePath ? <img className="review-image" src={request.imagePath} alt="" width={1200} height={600} loading="lazy" /> : null}
                <div className="review-body">
                  <h3>{request.name}</h3>
                  <p>
                    {fill(texts["private_events.when"], { date: formatDate(request.startDate, zone), start: formatTime(request.startDate, zone), end: formatTime(request.endDate, zone) })}
                  </p>
                  <p>
                    {request.location} · {request.address} · {request.county.name}
                  </p>
                  {request.additionalStops.length > 0 ? (
                    <p>
                      {texts["private_events.stops"]}: {request.additionalStops.map((stop) => `${stop.time} ${stop.address}`).join(" · ")}
                    </p>
                  ) : null}
                  <p>
                    {texts["private_events.staff.owner"]}: {owner.name} ({owner.email})
                  </p>
                  <blockquote className="review-invitation">{request.invitation}</blockquote>
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
                      {fill(texts["groups.staff.expected"], { count: request.guestsExpected ?? seats })} ·{" "}
                      {fill(texts["groups.staff.payer"], { payer: texts[request.payer === "guests" ? "groups.payer.guests" : "groups.payer.organiser"] })}
                    </p>
                    <QuoteForm
                      texts={texts}
                      requestId={request.id}
                      name={request.name}
                      currency={currencies[request.countryCode] ?? "COP"}
                      seats={request.guestsExpected ?? seats}
                      disabled={busy === request.id}
                      onApprove={async (body) => setAsking({ id: request.id, name: request.name, guests: guests.length, approve: body })}
                    />
                    <RejectForm
                      texts={texts}
                      requestId={request.id}
                      disabled={busy === request.id}
                      onReject={async (reason) => setAsking({ id: request.id, name: request.name, guests: guests.length, reason })}
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
                texts[approve.waive ? "private_events.staff.approved" : "groups.staff.approved_quote"],
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

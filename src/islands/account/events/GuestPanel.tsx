/**
 * The organiser's guest view: each guest's claim, booked seats, pick-up address and published times; resend an invitation, remove a
 * guest, add one (within the event's seats once approved), and download the list as XLSX or CSV.
 */
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { api } from "../../../client/api";
import { timeZoneOf } from "../../../shared/format/dates";
import { useEventClock } from "../../ui/reader-clock";
import type { PrivateEventAnswer, GuestStatus } from "../../../shared/schemas/answers/private-events";
import { getValidToken } from "../../../stores/session";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import { failureMessage } from "../../ui/use-schema-form";
import type { EventTexts } from "./texts";
import { QUOTE_STATE } from "../../../shared/domain/private-events";

interface Props {
  privateEvent: PrivateEventAnswer;
  texts: EventTexts;
}

export function GuestPanel({ privateEvent, texts }: Props) {
  const [guests, setGuests] = useState<GuestStatus[] | "error" | null>(null);
  const [adding, setAdding] = useState({ name: "", email: "", phone: "", seats: "1" });
  const invited = privateEvent.quoteState !== null && privateEvent.quoteState !== QUOTE_STATE.quoted;
  const zone = timeZoneOf(privateEvent.countryCode);
  // A leg the dispatcher has not published yet says so instead of showing no time.
  const clock = useEventClock(texts);
  const when = (time: string | null) => (time ? clock(time, zone) : texts["private_events.guest_list.time_pending"]);

  const load = useCallback(() => {
    api("GET /shop-api/event-requests/:id/guests", { params: { id: privateEvent.id } })
      .then(setGuests)
      .catch(() => setGuests("error"));
  }, [privateEvent.id]);
  useEffect(load, [load]);

  async function act(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      showToast("success", done);
      load();
    } catch (error) {
      showToast("error", failureMessage(error, texts["private_events.guest_list.failed"]));
    }
  }

  function add(event: FormEvent) {
    event.preventDefault();
    void act(async () => {
      await api("POST /shop-api/event-requests/:id/guests", { params: { id: privateEvent.id }, body: { ...adding, seats: Number(adding.seats) } });
      setAdding({ name: "", email: "", phone: "", seats: "1" });
    }, texts["private_events.guest_list.added"]);
  }

  async function download(format: "xlsx" | "csv") {
    const response = await fetch(`/shop-api/event-requests/${privateEvent.id}/guests/export?format=${format}`, { headers: { authorization: `Bearer ${getValidToken() ?? ""}` } });
    if (!response.ok) return showToast("error", texts["private_events.load_failed"]);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = `invitados-${privateEvent.id}.${format}`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  const given = Array.isArray(guests) ? guests.reduce((sum, guest) => sum + guest.seats, 0) : 0;
  return (
    <div id={`guests-${privateEvent.id}`} className="guest-status">
      {guests === null ? <div className="spinner" role="status" aria-label={texts["account.loading"]} /> : null}
      {guests === "error" ? <p className="empty-text">{texts["private_events.load_failed"]}</p> : null}
      {privateEvent.quotedSeats !== null ? <p className="item-detail">{fill(texts["private_events.seats.of"], { used: given, seats: privateEvent.quotedSeats })}</p> : null}
      {Array.isArray(guests) ? (
        <ul aria-label={texts["private_events.guests"]}>
          {guests.map((guest) => (
            <li key={guest.id} data-guest={guest.email}>
              <span className="guest-name">{guest.name}</span>
              <span className="guest-email">{guest.email}</span>
              <span className={`guest-badge guest-${guest.status}`}>{texts[`private_events.guest.${guest.status}`]}</span>
              <span className="item-detail">{fill(texts["private_events.guest_list.booked"], { count: guest.booked })}</span>
              {guest.pickup ? (
                <span className="item-detail" data-testid="guest-pickup">
                  {fill(texts["private_events.guest_list.pickup"], { address: guest.pickup.address })}
                  {` · ${guest.pickup.time ? fill(texts["private_events.guest_list.pickup_time"], { time: when(guest.pickup.time) }) : texts["private_events.guest_list.time_pending"]}`}
                  {guest.pickup.time || guest.pickup.returnAt ? ` · ${fill(texts["private_events.guest_list.return_at"], { time: when(guest.pickup.returnAt) })}` : ""}
                </span>
              ) : null}
              <span className="guest-actions">
                {invited ? (
                  <button type="button" className="btn btn-small btn-ghost" onClick={() => void act(() => api("POST /shop-api/event-requests/:id/guests/:guestId/resend", { params: { id: privateEvent.id, guestId: guest.id } }), texts["private_events.guest_list.resent"])}>
                    {texts["private_events.guest_list.resend"]}
                  </button>
                ) : null}
                <button type="button" className="btn btn-small btn-ghost" aria-label={`${texts["private_events.guest_list.remove"]}: ${guest.email}`} onClick={() => void act(() => api("DELETE /shop-api/event-requests/:id/guests/:guestId", { params: { id: privateEvent.id, guestId: guest.id } }), texts["private_events.guest_list.removed"])}>
                  {texts["private_events.guest_list.remove"]}
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="guest-add" onSubmit={add} aria-label={texts["private_events.guest_list.add"]}>
        <input aria-label={texts["private_events.guest_list.name"]} placeholder={texts["private_events.guest_list.name"]} required value={adding.name} onChange={(event) => setAdding({ ...adding, name: event.target.value })} />
        <input aria-label={texts["private_events.guest_list.email"]} placeholder={texts["private_events.guest_list.email"]} type="email" required value={adding.email} onChange={(event) => setAdding({ ...adding, email: event.target.value })} />
        <input aria-label={texts["private_events.guest_list.phone"]} placeholder={texts["private_events.guest_list.phone"]} value={adding.phone} onChange={(event) => setAdding({ ...adding, phone: event.target.value })} />
        <input aria-label={texts["private_events.guest_list.seats"]} type="number" min={1} max={20} value={adding.seats} onChange={(event) => setAdding({ ...adding, seats: event.target.value })} />
        <button type="submit" className="btn btn-small btn-secondary">
          {texts["private_events.guest_list.add"]}
        </button>
      </form>
      <div className="guest-export">
        <button type="button" className="btn btn-small btn-ghost" onClick={() => void download("xlsx")}>
          {texts["private_events.guest_list.export_xlsx"]}
        </button>
        <button type="button" className="btn btn-small btn-ghost" onClick={() => void download("csv")}>
          {texts["private_events.guest_list.export_csv"]}
        </button>
      </div>
    </div>
  );
}

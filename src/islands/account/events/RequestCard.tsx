/** One of the owner's requests in a list: picture, name, date, place, state and what can be done with it. */
import { useState } from "react";
import { api } from "../../../client/api";
import { isEditableRequest, REQUEST_STATE } from "../../../shared/domain/request-states";
import type { EventRequestAnswer, GuestStatus } from "../../../shared/schemas/answers/private-events";
import { fill } from "../../ui/texts";
import { shownWhen } from "./dates";
import type { EventTexts } from "./texts";

interface Props {
  request: EventRequestAnswer;
  texts: EventTexts;
  prefix: string;
  countryCode: string;
  onEdit: (id: number) => void;
  onRepeat: (id: number) => void;
}

export function RequestCard({ request, texts, prefix, countryCode, onEdit, onRepeat }: Props) {
  const [guests, setGuests] = useState<GuestStatus[] | "error" | null>(null);
  const [open, setOpen] = useState(false);
  const when = shownWhen(request, countryCode);
  const editable = isEditableRequest(request.state);

  function toggleGuests() {
    setOpen(!open);
    if (!open && guests === null) {
      api("GET /shop-api/event-requests/:id/guests", { params: { id: request.id } })
        .then(setGuests)
        .catch(() => setGuests("error"));
    }
  }

  return (
    <li className="event-card" data-request={request.id}>
      {request.cardImagePath ? <img className="event-card-image" src={request.cardImagePath} alt="" width={600} height={400} loading="lazy" /> : <div className="event-card-image is-empty" aria-hidden="true" />}
      <div className="event-card-body">
        <p className="item-title">
          <span>{request.name}</span>
          <span className={`state-badge state-${request.state}`}>{texts[`private_events.state.${request.state}`]}</span>
        </p>
        <p className="item-detail">{fill(texts["private_events.when"], when)}</p>
        <p className="item-detail">
          {request.location} · {request.address}
        </p>
        {request.state === REQUEST_STATE.rejected && request.rejectionReason ? <p className="event-reason">{fill(texts["private_events.rejection"], { reason: request.rejectionReason })}</p> : null}
        <div className="item-actions">
          {editable ? (
            <button type="button" className="btn btn-small btn-secondary" onClick={() => onEdit(request.id)} aria-label={`${texts["private_events.edit"]}: ${request.name}`}>
              {texts["private_events.edit"]}
            </button>
          ) : null}
          {request.state === REQUEST_STATE.approved && request.eventSlug ? (
            <a className="btn btn-small btn-secondary" href={`${prefix}/event/${request.eventSlug}`}>
              {texts["private_events.view_event"]}
            </a>
          ) : null}
          {request.state === REQUEST_STATE.approved || request.state === REQUEST_STATE.finished ? (
            <button type="button" className="btn btn-small btn-ghost" aria-expanded={open} aria-controls={`guests-${request.id}`} onClick={toggleGuests}>
              {open ? texts["private_events.hide_guests"] : texts["private_events.show_guests"]}
            </button>
          ) : null}
          {request.state === REQUEST_STATE.finished ? (
            <button type="button" className="btn btn-small btn-primary" onClick={() => onRepeat(request.id)} aria-label={`${texts["private_events.repeat"]}: ${request.name}`}>
              {texts["private_events.repeat"]}
            </button>
          ) : null}
        </div>
        {open ? (
          <div id={`guests-${request.id}`} className="guest-status">
            {guests === null ? <div className="spinner" role="status" aria-label={texts["account.loading"]} /> : null}
            {guests === "error" ? <p className="empty-text">{texts["private_events.load_failed"]}</p> : null}
            {Array.isArray(guests) ? (
              <ul aria-label={texts["private_events.guests"]}>
                {guests.map((guest) => (
                  <li key={guest.id} data-guest={guest.email}>
                    <span className="guest-name">{guest.name}</span>
                    <span className="guest-email">{guest.email}</span>
                    <span className={`guest-badge guest-${guest.status}`}>{texts[`private_events.guest.${guest.status}`]}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

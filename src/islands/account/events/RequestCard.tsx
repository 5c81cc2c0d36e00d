/** One of the owner's requests in a list: picture, name, date, place, state and what can be done with it. */
import { useState } from "react";
import { isEditableRequest, REQUEST_STATE } from "../../../shared/domain/request-states";
import type { EventRequestAnswer } from "../../../shared/schemas/answers/private-events";
import { fill } from "../../ui/texts";
import { shownWhen } from "./dates";
import { GuestPanel } from "./GuestPanel";
import { QuotePanel } from "./QuotePanel";
import type { EventTexts } from "./texts";

interface Props {
  request: EventRequestAnswer;
  texts: EventTexts;
  prefix: string;
  countryCode: string;
  onEdit: (id: number) => void;
  onRepeat: (id: number) => void;
  onChange: () => void;
  /** Opened from the approval mail's link: the guest list shows at once. */
  highlighted?: boolean;
}

export function RequestCard({ request, texts, prefix, countryCode, onEdit, onRepeat, onChange, highlighted = false }: Props) {
  const [open, setOpen] = useState(highlighted);
  const when = shownWhen(request, countryCode);
  const editable = isEditableRequest(request.state);

  function toggleGuests() {
    setOpen(!open);
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
        {request.state === REQUEST_STATE.approved ? <QuotePanel request={request} texts={texts} onChange={onChange} /> : null}
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
        {open ? <GuestPanel request={request} texts={texts} /> : null}
      </div>
    </li>
  );
}

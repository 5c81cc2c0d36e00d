/** One of the owner's private events in a list: picture, name, date, place, state and what can be done with it. */
import { useState } from "react";
import { isEditablePrivateEvent, PRIVATE_EVENT_STATE } from "../../../shared/domain/private-event-states";
import type { PrivateEventAnswer } from "../../../shared/schemas/answers/private-events";
import { fill } from "../../ui/texts";
import { useReaderZone } from "../../ui/reader-clock";
import { shownWhen } from "./dates";
import { GuestPanel } from "./GuestPanel";
import { QuotePanel } from "./QuotePanel";
import type { EventTexts } from "./texts";

interface Props {
  privateEvent: PrivateEventAnswer;
  texts: EventTexts;
  prefix: string;
  onEdit: (id: number) => void;
  onRepeat: (id: number) => void;
  onChange: () => void;
  /** Opened from the approval mail's link: the guest list shows at once. */
  highlighted?: boolean;
}

export function PrivateEventCard({ privateEvent, texts, prefix, onEdit, onRepeat, onChange, highlighted = false }: Props) {
  const [open, setOpen] = useState(highlighted);
  const when = shownWhen(privateEvent, useReaderZone(), texts);
  const editable = isEditablePrivateEvent(privateEvent.state);

  function toggleGuests() {
    setOpen(!open);
  }

  return (
    <li className="event-card" data-private-event={privateEvent.id}>
      {privateEvent.cardImagePath ? <img className="event-card-image" src={privateEvent.cardImagePath} alt="" width={600} height={400} loading="lazy" /> : <div className="event-card-image is-empty" aria-hidden="true" />}
      <div className="event-card-body">
        <p className="item-title">
          <span>{privateEvent.name}</span>
          <span className={`state-badge state-${privateEvent.state}`}>{texts[`private_events.state.${privateEvent.state}`]}</span>
        </p>
        <p className="item-detail">{fill(texts["private_events.when"], when)}</p>
        <p className="item-detail">
          {privateEvent.location} · {privateEvent.address}
        </p>
        {privateEvent.state === PRIVATE_EVENT_STATE.approved ? <QuotePanel privateEvent={privateEvent} texts={texts} onChange={onChange} /> : null}
        {privateEvent.state === PRIVATE_EVENT_STATE.rejected && privateEvent.rejectionReason ? <p className="event-reason">{fill(texts["private_events.rejection"], { reason: privateEvent.rejectionReason })}</p> : null}
        <div className="item-actions">
          {editable ? (
            <button type="button" className="btn btn-small btn-secondary" onClick={() => onEdit(privateEvent.id)} aria-label={`${texts["private_events.edit"]}: ${privateEvent.name}`}>
              {texts["private_events.edit"]}
            </button>
          ) : null}
          {privateEvent.state === PRIVATE_EVENT_STATE.approved && privateEvent.eventSlug ? (
            <a className="btn btn-small btn-secondary" href={`${prefix}/event/${privateEvent.eventSlug}`}>
              {texts["private_events.view_event"]}
            </a>
          ) : null}
          {privateEvent.state === PRIVATE_EVENT_STATE.approved || privateEvent.state === PRIVATE_EVENT_STATE.finished ? (
            <button type="button" className="btn btn-small btn-ghost" aria-expanded={open} aria-controls={`guests-${privateEvent.id}`} onClick={toggleGuests}>
              {open ? texts["private_events.hide_guests"] : texts["private_events.show_guests"]}
            </button>
          ) : null}
          {privateEvent.state === PRIVATE_EVENT_STATE.finished ? (
            <button type="button" className="btn btn-small btn-primary" onClick={() => onRepeat(privateEvent.id)} aria-label={`${texts["private_events.repeat"]}: ${privateEvent.name}`}>
              {texts["private_events.repeat"]}
            </button>
          ) : null}
        </div>
        {open ? <GuestPanel privateEvent={privateEvent} texts={texts} /> : null}
      </div>
    </li>
  );
}

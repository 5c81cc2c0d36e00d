/** An event the person is invited to: its picture, date, place, seats, the claim deadline and "Reservar". */
import type { InvitedEvent } from "../../../shared/schemas/answers/private-events";
import { timeZoneOf } from "../../../shared/format/dates";
import { useEventClock, useReaderZone } from "../../ui/reader-clock";
import { fill } from "../../ui/texts";
import { shownWhen } from "./dates";
import type { EventTexts } from "./texts";

/** The invitation's dates and claim deadline on the event's clock, named for a reader elsewhere. */
export function InvitedCard({ event, texts, prefix }: { event: InvitedEvent; texts: EventTexts; prefix: string }) {
  const when = shownWhen(event, useReaderZone(), texts);
  const clock = useEventClock(texts);
  return (
    <li className="event-card" data-invited={event.eventSlug}>
      {event.imagePath ? <img className="event-card-image" src={event.imagePath} alt="" width={600} height={400} loading="lazy" /> : <div className="event-card-image is-empty" aria-hidden="true" />}
      <div className="event-card-body">
        <p className="item-title">
          <span>{event.name}</span>
          <span className={`guest-badge guest-${event.claimed ? "claimed" : "not_claimed"}`}>{texts[event.claimed ? "private_events.guest.claimed" : "private_events.state.invited"]}</span>
        </p>
        <p className="item-detail">{fill(texts["private_events.when"], when)}</p>
        <p className="item-detail">
          {event.location} · {event.address}
        </p>
        <p className="item-detail">
          {fill(texts["private_events.seats"], { seats: event.seats })}
          {event.claimed ? null : ` · ${fill(texts["private_events.claim_until"], { date: clock(event.claimDeadline, timeZoneOf(event.countryCode)) })}`}
        </p>
        <div className="item-actions">
          <a className="btn btn-small btn-primary" href={`${prefix}/event/${event.eventSlug}`} aria-label={`${texts["private_events.book"]}: ${event.name}`}>
            {texts["private_events.book"]}
          </a>
        </div>
      </div>
    </li>
  );
}

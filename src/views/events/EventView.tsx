/**
 * The event detail view: banner, venue block with date and
 * weekday (fixed date) or the choose-a-date text, name, venue and time, additional stops and the
 * services included. Rendered statically by /event/{slug} (no JS) and by the client-side event shell.
 * `children` go where the booking wizard sits.
 */
import type { ReactNode } from "react";
import { iconSvg, type IconName } from "../ui/icons";
import type { EventViewData, EventViewLabels } from "./view-data";
import "./event-view.css";

interface Props {
  view: EventViewData;
  labels: EventViewLabels;
  children?: ReactNode;
}

function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return <span className="ev-icon" dangerouslySetInnerHTML={{ __html: iconSvg(name, size) }} />;
}

export function EventView({ view, labels, children }: Props) {
  const withHours = (time: string) => `${time} ${labels["card.hours"]}`;
  return (
    <article className="event-view">
      <div className="container ev-hero">
        <div className="ev-banner">
          <img src={view.imagePath} alt="" width={1200} height={600} fetchPriority="high" decoding="async" />
        </div>
        <div className="ev-summary">
          <div className="ev-when" data-testid="event-when">
            {view.fixedDate ? (
              <time dateTime={view.fixedDate.iso} className="ev-fixed">
                <span className="ev-day">{view.fixedDate.day}</span>
                <span className="ev-fixed-text">
                  <span className="ev-weekday">{view.fixedDate.weekday}</span>
                  <span className="ev-month">
                    {view.fixedDate.month} {view.fixedDate.year}
                  </span>
                </span>
              </time>
            ) : (
              <div className="ev-choose">
                <p className="ev-choose-text">
                  <Icon name="calendar" size={22} />
                  {labels["event.choose_date"]}
                </p>
                {view.range && (
                  <p className="ev-range">{labels["event.date_range"].replace("{start}", view.range.start).replace("{end}", view.range.end)}</p>
                )}
                {view.dates.length > 0 && (
                  <ul className="ev-dates" aria-label={labels["event.dates_available"]}>
                    {view.dates.map((date) => (
                      <li key={date}>{date}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </div>
          <h1 className="ev-name">{view.name}</h1>
          <dl className="ev-facts">
            <div>
              <dt>
                <Icon name="pin" />
                <span className="sr-only">{labels["event.venue"]}</span>
              </dt>
              <dd>
                <strong>{view.venueName}</strong>
                {view.venueAddress && <span className="ev-address">{view.venueAddress}</span>}
              </dd>
            </div>
            <div>
              <dt>
                <Icon name="clock" />
                <span className="sr-only">{labels["event.time"]}</span>
              </dt>
              <dd>
                <strong>{withHours(view.time)}</strong>
              </dd>
            </div>
          </dl>
          {view.description && <p className="ev-description">{view.description}</p>}
        </div>
      </div>
      <div className="container ev-sections">
        {view.stops.length > 0 && (
          <section className="ev-stops" aria-labelledby="ev-stops-title">
            <h2 id="ev-stops-title">{labels["event.stops.title"]}</h2>
            <ol>
              {view.stops.map((stop) => (
                <li key={stop.id}>
                  <Icon name="pin" size={18} />
                  <span className="ev-stop-address">{stop.address}</span>
                  <span className="ev-stop-time">{withHours(stop.time)}</span>
                </li>
              ))}
            </ol>
          </section>
        )}
        <section className="ev-services" aria-labelledby="ev-services-title">
          <h2 id="ev-services-title">{labels["event.services.title"]}</h2>
          <ul>
            <li>
              <Icon name="home" size={26} />
              <span>{labels["event.services.pickup"]}</span>
            </li>
            <li>
              <Icon name="ticket" size={26} />
              <span>{labels["event.services.event"]}</span>
            </li>
            <li>
              <Icon name="vehicle" size={26} />
              <span>{labels["event.services.return"]}</span>
            </li>
          </ul>
        </section>
      </div>
      {children}
    </article>
  );
}

/**
 * An event card: image, name; for fixed-date events the day, month
 * name, place and time plus "hours", otherwise "Elige tu fecha"; a "reserva tu traslado" button that
 * shows on hover/focus; "traslado desde" and the minimum ticket price.
 * Rendered statically by Astro pages (no client directive: no JS) and inside the search island.
 */
import type { CardLabels, EventCardData } from "./card-data";
import "./event-card.css";

interface Props {
  card: EventCardData;
  labels: CardLabels;
  /** Images of the first cards of a page load at once; the rest lazily. */
  eager?: boolean;
  headingLevel?: 2 | 3;
}

export function EventCard({ card, labels, eager = false, headingLevel = 3 }: Props) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="event-card">
      <a className="event-card-link" href={card.href}>
        <div className="event-card-media">
          {card.imagePath ? (
            <img src={card.imagePath} alt="" width={600} height={400} loading={eager ? "eager" : "lazy"} decoding="async" />
          ) : (
            <div className="event-card-placeholder" aria-hidden="true" />
          )}
          <span className="event-card-cta" aria-hidden="true">
            {labels["card.book_transfer"]}
          </span>
        </div>
        <div className="event-card-body">
          <Heading className="event-card-name">{card.name}</Heading>
          {card.fixedDate ? (
            <div className="event-card-when">
              <time className="event-card-date" dateTime={card.fixedDate.iso}>
                <span className="event-card-day">{card.fixedDate.day}</span>
                <span className="event-card-month">{card.fixedDate.month}</span>
              </time>
              <div className="event-card-where">
                <span className="event-card-place">{card.fixedDate.place}</span>
                <span className="event-card-time">
                  {card.fixedDate.time} {labels["card.hours"]}
                </span>
              </div>
            </div>
          ) : (
            <p className="event-card-choose">{labels["card.choose_date"]}</p>
          )}
          {card.price && (
            <p className="event-card-price">
              <span>{labels["card.transfer_from"]}</span> <strong>{card.price}</strong>
            </p>
          )}
        </div>
      </a>
    </article>
  );
}

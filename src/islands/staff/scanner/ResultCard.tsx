/**
 * The result screen after "validate": the person's name big, how many of the order are on board on this leg and
 * who, then who travels on which ride and leg; amber when everyone the code boards was already on board.
 */
import { LEG } from "../../../shared/domain/legs";
import { useEffect, useRef } from "react";
import type { ClockShape } from "../../../shared/format/event-clock";
import { useEventClock } from "../../ui/reader-clock";
import { formatMessage } from "../../ui/format-message";
import type { Locale } from "../../../shared/locales";
import { fill } from "../../ui/texts";
import type { StaffTexts } from "../texts";
import type { DoorResult } from "./door-check";

interface Props {
  result: DoorResult;
  texts: StaffTexts;
  locale: Locale;
  /** The clock to read when the result does not say the event's (an offline scan of an order in no list). */
  timeZone: string;
  onNext: () => void;
}

/** Writes a time on an event's clock, naming it for a reader elsewhere (`useEventClock`). */
export type EventClock = (iso: string, eventZone: string, shape?: ClockShape) => string;

/**
 * An event date is an instant (ISO), read on the event's clock and named when the door's reads another hour; a
 * date-range event's chosen day is a plain YYYY-MM-DD, the event's day wherever it is read.
 */
export function rideDate(date: string | null, timeZone: string, clock: EventClock): string {
  if (!date) return "—";
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date.split("-").reverse().join("/");
  return clock(date, timeZone);
}

export function ResultCard({ result, texts, locale, timeZone: fallbackZone, onNext }: Props) {
  const next = useRef<HTMLButtonElement>(null);
  const clock = useEventClock(texts);
  // The event's clock, not the staff member's account country's: a Madrid ride read at a door set up from Bogotá.
  const timeZone = result.timeZone ?? fallbackZone;
  useEffect(() => next.current?.focus(), []);
  const { holder, passengers } = result;
  const person = result.passenger?.name ?? holder?.customer.name ?? `#${result.orderId}`;
  const rows: [string, string][] = [
    [texts["scanner.result.order"], `#${result.orderId}`],
    [texts["scanner.result.leg"], texts[result.leg === LEG.outbound ? "scanner.leg.outbound" : "scanner.leg.return"]],
  ];
  if (holder) {
    rows.push(
      [texts["scanner.result.customer"], holder.customer.name],
      [texts["scanner.result.email"], holder.customer.email],
      [texts["scanner.result.date"], rideDate(holder.date, timeZone, clock)],
      [texts["scanner.result.event"], holder.event.name],
      [texts["scanner.result.place"], holder.event.placeName],
      [texts["scanner.result.quantity"], String(holder.ticketQuantity)],
    );
  }
  const tone = result.alreadyCheckedIn ? "repeat" : "ok";
  const onBoard = passengers?.filter((one) => one.checkedIn).length ?? 0;
  return (
    <div className={`door-result door-result-${tone}`} role="status" aria-live="polite">
      <p className="door-result-title">
        <span aria-hidden="true">{result.alreadyCheckedIn ? "⚠" : "✓"}</span> {texts[result.alreadyCheckedIn ? "scanner.result.repeat" : "scanner.result.ok"]}
      </p>
      <p className="door-result-person">{person}</p>
      {!result.passenger && passengers && <p className="door-result-note">{texts["scanner.result.whole_order"]}</p>}
      {passengers && (
        <p className="door-result-boarded">
          {formatMessage(locale, texts["scanner.result.order_boarded"], {
            count: onBoard,
            total: passengers.length,
          })}
        </p>
      )}
      {result.alreadyCheckedIn && (
        <p className="door-result-first">
          {fill(texts["scanner.result.repeat_detail"], {
            time: clock(result.checkedInAt, timeZone),
            staff: result.checkedInBy ?? texts["scanner.unknown_staff"],
          })}
        </p>
      )}
      {result.offline && <p className="door-result-note">{texts["scanner.result.offline"]}</p>}
      {result.offline && !holder && <p className="door-result-note">{texts["scanner.result.offline_unlisted"]}</p>}
      {passengers && passengers.length > 1 && (
        <div className="door-result-passengers">
          <p>{texts["scanner.result.passengers"]}</p>
          <ul>
            {passengers.map((one) => (
              <li key={one.passengerId} className={one.checkedIn ? "door-on-board" : "door-missing"}>
                <span aria-hidden="true">{one.checkedIn ? "✓" : "·"}</span> {one.name}{" "}
                <span className="door-passenger-state">({texts[one.checkedIn ? "scanner.result.on_board" : "scanner.result.missing"]})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="door-result-details">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button ref={next} type="button" className="btn btn-primary door-next" onClick={onNext}>
        {texts["scanner.scan_another"]}
      </button>
    </div>
  );
}

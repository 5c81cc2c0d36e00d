/**
 * The result screen after "validate": the person's name big, how many of the order are on board on this leg and
 * who, then who travels on which ride and leg; amber when everyone the code boards was already on board.
 */
import { LEG } from "../../../shared/domain/legs";
import { useEffect, useRef } from "react";
import { formatDateTime } from "../../../shared/format/dates";
import { formatMessage } from "../../ui/format-message";
import type { Locale } from "../../../shared/locales";
import { fill } from "../../ui/texts";
import type { StaffTexts } from "../texts";
import type { DoorResult } from "./door-check";

interface Props {
  result: DoorResult;
  texts: StaffTexts;
  locale: Locale;
  timeZone: string;
  onNext: () => void;
}

/** An event date is an instant (ISO); a date-range event's chosen day is a plain YYYY-MM-DD. */
export function rideDate(date: string | null, timeZone: string): string {
  if (!date) return "—";
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date.split("-").reverse().join("/");
  return formatDateTime(date, timeZone);
}

export function ResultCard({ result, texts, locale, timeZone, onNext }: Props) {
  const next = useRef<HTMLButtonElement>(null);
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
      [texts["scanner.result.date"], rideDate(holder.date, timeZone)],
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
            time: formatDateTime(result.checkedInAt, timeZone),
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

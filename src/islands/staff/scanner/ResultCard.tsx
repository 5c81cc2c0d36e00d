/** The result screen after "validate": who travels, on which ride and leg; amber when the leg was already scanned. */
import { LEG } from "../../../shared/domain/legs";
import { useEffect, useRef } from "react";
import { formatDateTime } from "../../../shared/format/dates";
import { fill } from "../../ui/texts";
import type { StaffTexts } from "../texts";
import type { DoorResult } from "./door-check";

interface Props {
  result: DoorResult;
  texts: StaffTexts;
  timeZone: string;
  onNext: () => void;
}

/** An event date is an instant (ISO); a date-range event's chosen day is a plain YYYY-MM-DD. */
function rideDate(date: string | null, timeZone: string): string {
  if (!date) return "—";
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date.split("-").reverse().join("/");
  return formatDateTime(date, timeZone);
}

export function ResultCard({ result, texts, timeZone, onNext }: Props) {
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => next.current?.focus(), []);
  const { holder } = result;
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
  return (
    <div className={`door-result door-result-${tone}`} role="status" aria-live="polite">
      <p className="door-result-title">
        <span aria-hidden="true">{result.alreadyCheckedIn ? "⚠" : "✓"}</span> {texts[result.alreadyCheckedIn ? "scanner.result.repeat" : "scanner.result.ok"]}
      </p>
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


/**
 * Who has boarded, live (GET /shop-api/staff/checkins/progress, read again every 15 s): for the chosen event date
 * and leg, the paid passengers on board out of all (the door's scans and the driver's ticks alike), per dispatch run
 * as a bar with its vehicle and driver, the names and phones of those still missing and the driver's no-shows; and
 * the passengers two offline doors both let in (conflicts: the scan that stands and the other).
 */
import { useEffect, useId, useState } from "react";
import { api } from "../../../client/api";
import type { AnswerOf } from "../../../shared/api/contract";
import { type Leg, LEG, LEGS } from "../../../shared/domain/legs";
import { formatDateTime, formatTime, timeZoneOf } from "../../../shared/format/dates";
import { formatMessage } from "../../ui/format-message";
import type { BoardingProgress } from "../../../shared/schemas/answers/door";
import { fill } from "../../ui/texts";
import { ClockNote } from "../ClockNote";
import { useEventClock } from "../../ui/reader-clock";
import type { SectionProps } from "../section-props";
import "./boarding.css";

const LIVE_MS = 15_000;

export default function BoardingSection({ texts, locale, me }: SectionProps) {
  const ids = { date: useId(), runs: useId(), conflicts: useId() };
  const clock = useEventClock(texts);
  const [dates, setDates] = useState<AnswerOf<"GET /shop-api/staff/checkin-dates"> | null>(null);
  const [dateId, setDateId] = useState<number | null>(null);
  const [leg, setLeg] = useState<Leg>(LEG.outbound);
  const [progress, setProgress] = useState<{
    answer: BoardingProgress;
    at: string;
  } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    api("GET /shop-api/staff/checkin-dates")
      .then((answer) => {
        setDates(answer);
        setDateId((current) => current ?? answer[0]?.eventDateId ?? null);
      })
      .catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    if (dateId === null) return;
    let live = true;
    const read = () =>
      api("GET /shop-api/staff/checkins/progress", {
        query: { eventDateId: String(dateId), leg },
      })
        .then((answer) => {
          if (!live) return;
          setProgress({ answer, at: new Date().toISOString() });
          setFailed(false);
        })
        .catch(() => live && setFailed(true));
    void read();
    const timer = window.setInterval(() => void read(), LIVE_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [dateId, leg]);

  // The event's clock (its country's), named once below the title when the staff member's reads another hour.
  const chosen = dates?.find((date) => date.eventDateId === dateId);
  const timeZone = chosen?.timeZone ?? timeZoneOf(me.countryCode);
  const shown = progress && progress.answer.eventDateId === dateId && progress.answer.leg === leg ? progress.answer : null;
  const legName = (which: Leg) => texts[which === LEG.outbound ? "scanner.leg.outbound" : "scanner.leg.return"];
  const scan = (one: { at: string; staffName: string | null }) =>
    fill(texts["boarding.scan_by"], {
      time: formatDateTime(one.at, timeZone),
      staff: one.staffName ?? texts["scanner.unknown_staff"],
    });
  const count = (value: { checkedIn: number; expected: number }) => formatMessage(locale, texts["scanner.count"], value);

  return (
    <div className="boarding">
      <h2 className="staff-heading">{texts["boarding.title"]}</h2>
      {chosen ? <ClockNote zone={timeZone} at={chosen.date} texts={texts} /> : null}
      {dates && dates.length === 0 && <p className="empty-text">{texts["boarding.no_dates"]}</p>}
      {dates && dates.length > 0 && (
        <div className="boarding-controls">
          <label htmlFor={ids.date}>{texts["boarding.date"]}</label>
          <select id={ids.date} value={dateId ?? ""} onChange={(event) => setDateId(Number(event.target.value))}>
            {dates.map((date) => (
              <option key={date.eventDateId} value={date.eventDateId}>
                {`${clock(date.date, date.timeZone ?? timeZoneOf(me.countryCode))} · ${date.eventName}`}
              </option>
            ))}
          </select>
          <fieldset className="boarding-legs">
            <legend>{texts["scanner.leg.label"]}</legend>
            {LEGS.map((value) => (
              <label key={value}>
                <input type="radio" name="boarding-leg" value={value} checked={leg === value} onChange={() => setLeg(value)} /> {legName(value)}
              </label>
            ))}
          </fieldset>
        </div>
      )}
      {failed && <p role="alert">{texts["boarding.load_error"]}</p>}
      {shown && (
        <>
          <div className="boarding-totals">
            {LEGS.map((which) => (
              <Bar key={which} label={legName(which)} value={shown[which]} text={count(shown[which])} />
            ))}
          </div>
          <p className="boarding-updated" role="status">
            {fill(texts["boarding.updated"], {
              time: formatTime(progress!.at, timeZone),
            })}
          </p>
          <section aria-labelledby={ids.runs}>
            <h3 id={ids.runs}>{`${texts["boarding.runs"]} · ${legName(leg)}`}</h3>
            <ul className="boarding-runs">
              {shown.runs.length === 0 ? <li className="empty-text">{texts["boarding.no_runs"]}</li> : null}
              {shown.runs.map((run) => {
                const label =
                  run.runId === null
                    ? texts["boarding.not_planned"]
                    : fill(texts["boarding.run_line"], {
                        number: run.number,
                        vehicle: run.vehicle ?? texts["boarding.no_vehicle"],
                        driver: run.driver ?? texts["boarding.no_driver"],
                      });
                return (
                  <li key={run.runId ?? "outside"} className="boarding-run" data-run={run.runId ?? ""}>
                    <Bar label={run.departsAt ? `${label} · ${formatTime(run.departsAt, timeZone)}` : label} value={run} text={count(run)} />
                    {run.missing.length === 0 && run.noShows.length === 0 ? (
                      <p className="boarding-all-in">{texts["boarding.all_in"]}</p>
                    ) : null}
                    <People title={texts["boarding.missing"]} people={run.missing} />
                    <People title={texts["boarding.no_shows"]} people={run.noShows} />
                  </li>
                );
              })}
            </ul>
          </section>
          <section aria-labelledby={ids.conflicts}>
            <h3 id={ids.conflicts}>{texts["boarding.conflicts"]}</h3>
            {shown.conflicts.length === 0 ? (
              <p>{texts["boarding.no_conflicts"]}</p>
            ) : (
              <ul className="boarding-conflicts">
                {shown.conflicts.map((conflict) => (
                  <li key={`${conflict.passengerId}-${conflict.leg}-${conflict.other.at}`}>
                    {fill(texts["boarding.conflict_line"], {
                      name: conflict.name,
                      orderId: conflict.orderId,
                      leg: legName(conflict.leg),
                      kept: scan(conflict.kept),
                      other: scan(conflict.other),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** A labelled bar of passengers on board out of those expected, with the count in words. */
function Bar({ label, value, text }: { label: string; value: { checkedIn: number; expected: number }; text: string }) {
  const labelId = useId();
  return (
    <div className="boarding-bar">
      <p id={labelId} className="boarding-bar-label">
        <span>{label}</span> <strong>{text}</strong>
      </p>
      <progress aria-labelledby={labelId} max={Math.max(1, value.expected)} value={value.checkedIn} />
    </div>
  );
}

/** A titled list of passengers with their phones to call. */
function People({ title, people }: { title: string; people: { name: string; phone: string }[] }) {
  if (people.length === 0) return null;
  return (
    <div className="boarding-missing">
      <p>{title}</p>
      <ul>
        {people.map((person, index) => (
          <li key={`${person.name}-${index}`}>
            {person.name} · <a href={`tel:${person.phone.replace(/[^\d+]/g, "")}`}>{person.phone}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

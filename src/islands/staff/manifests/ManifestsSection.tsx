/**
 * Van runs for event day: staff pick an event date and a province and get the runs,
 * each stop in pick-up order with its estimated time and its passengers (phone, paid / pending, needs on board,
 * boarded, told).
 * "Next stop" texts the stop's passengers that the van arrives in about N minutes. The browser's print gives
 * one sheet per run; the CSV goes to a spreadsheet.
 */
import { LEG } from "../../../shared/domain/legs";
import { useEffect, useState } from "react";
import { api, ApiFailure } from "../../../client/api";
import { formatDateTime, formatTime } from "../../../shared/format/dates";
import { ClockNote } from "../ClockNote";
import { useEventClock } from "../../ui/reader-clock";
import type { Manifest, ManifestOptions } from "../../../shared/schemas/answers/staff-day";
import type { Leg } from "../../../shared/schemas/staff";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import type { SectionProps } from "../section-props";
import type { StaffTexts } from "../texts";
import { downloadManifestCsv } from "./download-csv";
import "../orders/staff-day.css";
import { MANIFEST_PAYMENT } from "../../../shared/domain/dispatch";

export default function ManifestsSection({ texts, locale }: SectionProps) {
  const [options, setOptions] = useState<ManifestOptions | null>(null);
  const [failed, setFailed] = useState(false);
  const [dateId, setDateId] = useState<number | null>(null);
  const [provinceId, setProvinceId] = useState<number | null>(null);
  const [manifest, setManifest] = useState<Manifest | null>(null);
  const [leg, setLeg] = useState<Leg>(LEG.outbound);
  const [minutes, setMinutes] = useState(10);
  const [version, setVersion] = useState(0);
  const clock = useEventClock(texts);

  useEffect(() => {
    api("GET /shop-api/staff/manifests/options")
      .then((answer) => {
        setOptions(answer);
        if (answer[0]) {
          setDateId(answer[0].eventDateId);
          setProvinceId(answer[0].provinces[0]?.id ?? null);
        }
      })
      .catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    if (dateId === null || provinceId === null) return;
    let live = true;
    // A new date or province shows the spinner; a refresh after "next stop" keeps the sheet in place.
    setManifest((shown) => (shown && shown.eventDateId === dateId && shown.province.id === provinceId ? shown : null));
    api("GET /shop-api/staff/manifests", { query: { eventDateId: dateId, provinceId } })
      .then((answer) => live && setManifest(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [dateId, provinceId, version]);

  const chosen = options?.find((option) => option.eventDateId === dateId);

  async function announce(stop: string) {
    if (!manifest) return;
    try {
      const answer = await api("POST /shop-api/staff/manifests/next-stop", { body: { eventDateId: manifest.eventDateId, provinceId: manifest.province.id, stop, leg, minutes } });
      const parts = [answer.notified > 0 ? fill(texts["manifests.notified"], { count: answer.notified }) : texts["manifests.notified_none"]];
      if (answer.unreachable > 0) parts.push(fill(texts["manifests.unreachable"], { count: answer.unreachable }));
      showToast(answer.notified > 0 ? "success" : "info", parts.join(" "));
      setVersion((n) => n + 1);
    } catch (error) {
      showToast("error", error instanceof ApiFailure && error.message ? error.message : texts["staff_day.action_error"]);
    }
  }

  if (failed) return <p className="empty-text">{texts["staff_day.load_error"]}</p>;
  if (!options) return <div className="spinner" role="status" aria-label={texts["staff.loading"]} />;

  return (
    <div className="staff-manifests">
      <h2 className="staff-heading">{texts["manifests.title"]}</h2>
      {options.length === 0 ? (
        <p className="empty-text">{texts["manifests.no_dates"]}</p>
      ) : (
        <div className="staff-filters">
          <label>
            {texts["manifests.date"]}
            <select
              value={dateId ?? ""}
              onChange={(event) => {
                const next = options.find((option) => option.eventDateId === Number(event.target.value));
                setDateId(next?.eventDateId ?? null);
                setProvinceId(next?.provinces[0]?.id ?? null);
              }}
            >
              {options.map((option) => (
                <option key={option.eventDateId} value={option.eventDateId}>
                  {option.eventName} · {clock(option.startsAt, option.timeZone)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {texts["manifests.province"]}
            <select
              value={provinceId ?? ""}
              onChange={(event) => setProvinceId(Number(event.target.value))}
            >
              {chosen?.provinces.map((province) => (
                <option key={province.id} value={province.id}>
                  {province.name}
                </option>
              ))}
            </select>
          </label>
          <label className="run-notify">
            {texts["manifests.leg"]}
            <select value={leg} onChange={(event) => setLeg(event.target.value as Leg)}>
              <option value={LEG.outbound}>{texts["manifests.leg.outbound"]}</option>
              <option value={LEG.return}>{texts["manifests.leg.return"]}</option>
            </select>
          </label>
          <label className="run-notify">
            {texts["manifests.minutes"]}
            <input type="number" min={1} max={120} value={minutes} onChange={(event) => setMinutes(Math.min(120, Math.max(1, Number(event.target.value) || 1)))} />
          </label>
        </div>
      )}
      {manifest ? <Sheet manifest={manifest} texts={texts} locale={locale} leg={leg} onNext={announce} /> : options.length > 0 ? <div className="spinner" role="status" aria-label={texts["staff.loading"]} /> : null}
    </div>
  );
}

function Sheet({ manifest, texts, locale, leg, onNext }: { manifest: Manifest; texts: StaffTexts; locale: string; leg: Leg; onNext(stop: string): void }) {
  const zone = manifest.event.timeZone;
  return (
    <>
      <div className="run-tools">
        <button type="button" className="btn btn-secondary btn-small" onClick={() => downloadManifestCsv(manifest.eventDateId, manifest.province.id, locale).catch(() => showToast("error", texts["staff_day.load_error"]))}>
          {texts["manifests.csv"]}
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => window.print()}>
          {texts["manifests.print"]}
        </button>
      </div>
      {/* The sheet's times are the event's clock, named once when the reader's reads another hour. */}
      <ClockNote zone={zone} at={manifest.event.startsAt} texts={texts} />
      <p className="staff-muted">
        {texts[manifest.published ? "manifests.rule_published" : "manifests.rule"]} {fill(texts["manifests.return_at"], { venue: manifest.event.venue, time: formatDateTime(manifest.event.returnAt, zone) })}
      </p>
      {manifest.runs.length === 0 ? <p className="empty-text">{texts["manifests.empty"]}</p> : null}
      {manifest.runs.map((run) => (
        <section key={run.number} className="run-sheet" aria-labelledby={`run-${run.number}`} data-run={run.number}>
          <header>
            <h3 id={`run-${run.number}`}>{fill(texts["manifests.load"], { number: run.number, county: run.countyName })}</h3>
            <span className="staff-muted">
              {manifest.event.name} · {formatDateTime(manifest.event.startsAt, zone)} · {fill(texts["manifests.seats"], { seats: run.seats, capacity: manifest.vanSeats })}
            </span>
          </header>
          {run.stops.map((stop, index) => (
            <div key={`${stop.key}-${index}`} className="run-stop" data-stop={stop.key}>
              <header>
                <h4>
                  {fill(texts["manifests.stop"], { number: index + 1, address: stop.address })} <span className="staff-muted" data-testid="stop-time">
                    {leg === LEG.return
                      ? stop.returnDepartsAt && stop.dropOffAt
                        ? fill(texts["manifests.return_stop"], { departs: formatTime(stop.returnDepartsAt, zone), time: formatTime(stop.dropOffAt, zone) })
                        : texts["manifests.return_pending"]
                      : fill(texts["manifests.pickup"], { time: formatTime(stop.pickupAt, zone) })}
                  </span>
                </h4>
                <button type="button" className="btn btn-primary btn-small run-notify" onClick={() => onNext(stop.key)} aria-label={`${texts["manifests.next_stop"]}: ${stop.address}`}>
                  {texts["manifests.next_stop"]}
                </button>
              </header>
              <ul className="run-passengers">
                {stop.passengers.map((passenger) => (
                  <li key={passenger.id} data-passenger={passenger.id}>
                    <strong>{passenger.name}</strong>
                    <a href={`tel:${passenger.phone}`}>{passenger.phone}</a>
                    <span className="staff-muted">#{passenger.orderId}</span>
                    <span className={`mark ${passenger.payment === MANIFEST_PAYMENT.paid ? "mark-paid" : "mark-pending"}`}>{texts[passenger.payment === MANIFEST_PAYMENT.paid ? "manifests.paid" : "manifests.pending"]}</span>
                    {passenger.needs.map((need) => (
                      <span key={need} className="mark mark-need" data-need={need}>
                        {texts[`need.${need}`]}
                      </span>
                    ))}
                    {passenger.checkedIn[leg] ? <span className="mark mark-boarded">{texts["manifests.checked_in"]}</span> : null}
                    {passenger.notified[leg] ? <span className="mark">{texts["manifests.told"]}</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

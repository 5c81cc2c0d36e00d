/**
 * /staff/day-report?eventDateId=…: how an event date went, as pictures first: the day's figures, lateness at every
 * stop along each run (published time against actual), on-time share and seat use per run, the passengers'
 * ratings with the low ones and their comments, and the event date by date. Each chart has its table one toggle
 * away. Without a date, the dates with a published plan are listed to choose from.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import * as Plot from "@observablehq/plot";
import type { PlotOptions } from "@observablehq/plot";
import { api } from "../../../client/api";
import { formatDate, formatTime } from "../../../shared/format/dates";
import type { DayReport, DaySummary } from "../../../shared/schemas/answers/day-report";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import { downloadStaffFile } from "../download-file";
import type { SectionProps } from "../section-props";
import { ChartFigure } from "./ChartFigure";
import { ClockNote } from "../ClockNote";
import "../orders/staff-day.css";
import "./day-report.css";

const PUNCTUALITY_COLOURS = { early: "#1d4ed8", on_time: "#15803d", late: "#b91c1c" } as const;

function eventDateOfLocation(): number | null {
  const value = Number(new URLSearchParams(window.location.search).get("eventDateId"));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export default function DayReportSection({ texts, locale, prefix }: SectionProps) {
  const [eventDateId, setEventDateId] = useState<number | null>(eventDateOfLocation);
  const [days, setDays] = useState<DaySummary[] | null>(null);
  const [report, setReport] = useState<DayReport | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    api("GET /shop-api/staff/reports/days", { query: {} }).then((answer) => setDays(answer.days), () => setFailed(true));
  }, []);

  useEffect(() => {
    setReport(null);
    if (eventDateId === null) return;
    let live = true;
    api("GET /shop-api/staff/reports/days/:eventDateId", { params: { eventDateId }, query: {} })
      .then((answer) => live && setReport(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [eventDateId]);

  function choose(id: number | null) {
    const url = new URL(window.location.href);
    if (id === null) url.searchParams.delete("eventDateId");
    else url.searchParams.set("eventDateId", String(id));
    window.history.replaceState(null, "", url);
    setEventDateId(id);
  }

  const percent = (share: number | null) => (share === null ? texts["day_report.no_data"] : new Intl.NumberFormat(locale.replace("_", "-"), { style: "percent" }).format(share));
  const dayLabel = (day: DaySummary) => fill(texts["day_report.date"], { event: day.eventName, date: formatDate(day.startsAt, day.timeZone) });

  if (failed) return <p className="staff-error">{texts["day_report.load_error"]}</p>;
  return (
    <div className="day-report" data-testid="day-report">
      <h2 className="staff-heading">{texts["day_report.title"]}</h2>
      {days === null ? null : days.length === 0 ? (
        <p className="staff-muted">{texts["day_report.none"]}</p>
      ) : (
        <div className="staff-filters">
          <label className="day-report-choose">
            {texts["day_report.choose"]}
            <select value={eventDateId ?? ""} onChange={(event) => choose(event.target.value ? Number(event.target.value) : null)}>
              <option value="">—</option>
              {days.map((day) => (
                <option key={day.eventDateId} value={day.eventDateId}>
                  {dayLabel(day)}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {report ? <DayView report={report} texts={texts} locale={locale} prefix={prefix} percent={percent} /> : eventDateId !== null ? <div className="spinner" role="status" aria-label={texts["staff.loading"]} /> : null}
    </div>
  );
}

type Texts = SectionProps["texts"];

function DayView({ report, texts, locale, prefix, percent }: { report: DayReport; texts: Texts; locale: SectionProps["locale"]; prefix: string; percent: (share: number | null) => string }) {
  const zone = report.timeZone;
  const totals = report.totals;
  const runLabel = useCallback(
    (run: DayReport["runs"][number]) => `${fill(texts["day_report.run_label"], { leg: texts[`day_report.leg.${run.leg}`], n: run.position + 1 })}${run.vehicle ? ` · ${run.vehicle.plate}` : ""}`,
    [texts],
  );
  const stops = useMemo(
    () =>
      report.runs.flatMap((run) =>
        run.stops.map((stop) => ({ run: runLabel(run), published: new Date(stop.publishedAt), minutes: stop.lateMinutes, punctuality: stop.punctuality, stop })),
      ),
    [report, runLabel],
  );
  const measured = stops.filter((stop) => stop.minutes !== null);

  const latenessChart = useCallback(
    (width: number): PlotOptions => ({
      height: 260,
      marginLeft: 40,
      x: { type: "time", label: null, tickFormat: (date: Date) => formatTime(date.toISOString(), zone), ticks: width < 500 ? 4 : 8 },
      y: { label: texts["day_report.late_min"], grid: true },
      color: { domain: Object.keys(PUNCTUALITY_COLOURS), range: Object.values(PUNCTUALITY_COLOURS) },
      marks: [
        // The on-time window, then each run's stops joined in time order, coloured by punctuality.
        Plot.rectY([{ from: -2, to: 5 }], { y1: "from", y2: "to", fill: "#15803d", fillOpacity: 0.08 }),
        Plot.ruleY([0]),
        Plot.line(measured, { x: "published", y: "minutes", z: "run", stroke: "#9ca3af" }),
        Plot.dot(measured, { x: "published", y: "minutes", fill: "punctuality", r: 4, title: (d: (typeof measured)[number]) => `${d.run} · ${d.stop.address}: ${d.minutes} min` }),
      ],
    }),
    [measured, texts, zone],
  );
  const runsChart = useCallback(
    (): PlotOptions => ({
      height: Math.max(120, report.runs.length * 2 * 22 + 40),
      marginLeft: 150,
      x: { domain: [0, 1], percent: true, label: "%", grid: true },
      y: { label: null },
      color: { legend: true, domain: [texts["day_report.on_time"], texts["day_report.seat_use"]], range: ["#15803d", "#c2410c"] },
      marks: [
        Plot.barX(
          report.runs.flatMap((run) => [
            { run: runLabel(run), what: texts["day_report.on_time"], share: run.onTimeShare ?? 0 },
            { run: runLabel(run), what: texts["day_report.seat_use"], share: run.seatUtilisation ?? 0 },
          ]),
          { x: "share", y: "what", fy: "run", fill: "what" },
        ),
        Plot.ruleX([0]),
      ],
      fy: { label: null },
      facet: { marginLeft: 150 },
    }),
    [report, runLabel, texts],
  );
  // The day's tracks without map tiles: each van's thinned path and its stops, drawn in a Mercator projection fitted
  // to them, the stops coloured by punctuality; the table says the same per run.
  const mapChart = useCallback(
    (width: number): PlotOptions => {
      const paths = report.runs.flatMap((run) => run.track.map((point) => ({ ...point, run: runLabel(run) })));
      const places = report.runs.flatMap((run) => run.stops.map((stop) => ({ lat: stop.lat, lon: stop.lon, punctuality: stop.punctuality ?? "none", label: `${runLabel(run)} · ${stop.address}` })));
      const coordinates = [...paths, ...places].map((point) => [point.lon, point.lat]);
      return {
        height: Math.round(Math.min(480, Math.max(260, width * 0.7))),
        projection: { type: "mercator", ...(coordinates.length > 0 ? { domain: { type: "MultiPoint", coordinates } } : {}), inset: 16 },
        color: { domain: [...Object.keys(PUNCTUALITY_COLOURS), "none"], range: [...Object.values(PUNCTUALITY_COLOURS), "#6b7280"] },
        marks: [
          Plot.line(paths, { x: "lon", y: "lat", z: "run", stroke: "#2563eb", strokeOpacity: 0.6, strokeWidth: 2 }),
          Plot.dot(places, { x: "lon", y: "lat", fill: "punctuality", r: 5, stroke: "white", title: "label" }),
        ],
      };
    },
    [report, runLabel],
  );
  const spreadChart = useCallback(
    (): PlotOptions => ({
      height: 200,
      // The scores 1 to 5 are five bars, named: a band scale, said so (left to guess, Plot warns in the console).
      x: { type: "band", label: texts["day_report.score"] },
      y: { label: texts["day_report.count"], grid: true, tickFormat: "d" },
      marks: [Plot.barY(report.ratingSpread.map((count, index) => ({ score: String(index + 1), count })), { x: "score", y: "count", fill: "#c2410c" }), Plot.ruleY([0])],
    }),
    [report, texts],
  );
  const trendChart = useCallback(
    (width: number): PlotOptions => ({
      height: 220,
      x: { type: "time", label: null, ticks: width < 500 ? 3 : 6 },
      y: { domain: [0, 1], percent: true, label: "%", grid: true },
      color: { legend: true, domain: [texts["day_report.on_time"], texts["day_report.seat_use"]], range: ["#15803d", "#c2410c"] },
      marks: (() => {
        const points = report.trend.flatMap((day) => [
          { date: new Date(day.startsAt), what: texts["day_report.on_time"], share: day.onTimeShare },
          { date: new Date(day.startsAt), what: texts["day_report.seat_use"], share: day.seatUtilisation },
        ]).filter((point) => point.share !== null);
        // One line per measure, said as z: left implicit, Plot warns in the console when an event has one date (two
        // points, two series) that the colour channel may not be a series at all.
        return [Plot.line(points, { x: "date", y: "share", z: "what", stroke: "what" }), Plot.dot(points, { x: "date", y: "share", fill: "what", r: 4 })];
      })(),
    }),
    [report, texts],
  );

  return (
    <div className="day-report-body">
      <div className="day-report-head">
        <h3>{fill(texts["day_report.date"], { event: report.eventName, date: formatDate(report.startsAt, zone) })}</h3>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => downloadStaffFile(`/shop-api/staff/reports/days/${report.eventDateId}?format=xlsx`, `rodamos-day-${report.eventDateId}.xlsx`, locale).catch(() => showToast("error", texts["day_report.load_error"]))}
        >
          {texts["day_report.download"]}
        </button>
      </div>
      <ClockNote zone={zone} at={report.startsAt} texts={texts} />
      <dl className="day-figures">
        <Figure label={texts["day_report.on_time"]} value={percent(totals.onTimeShare)} />
        <Figure label={texts["day_report.seat_use"]} value={percent(totals.seatUtilisation)} />
        <Figure label={texts["day_report.passengers"]} value={`${totals.passengers}`} />
        <Figure label={texts["day_report.no_shows"]} value={`${totals.noShows}`} />
        <Figure label={texts["day_report.vehicle_minutes"]} value={totals.vehicleMinutesPerPassenger === null ? texts["day_report.no_data"] : `${totals.vehicleMinutesPerPassenger}`} />
        <Figure
          label={texts["day_report.co2"]}
          value={totals.co2KgPerPassenger === null ? texts["day_report.no_data"] : fill(texts["day_report.kg"], { kg: totals.co2KgPerPassenger })}
          note={totals.co2KgDrivingAlonePerPassenger === null ? undefined : fill(texts["day_report.co2_alone"], { kg: totals.co2KgDrivingAlonePerPassenger })}
        />
        <Figure label={texts["day_report.rating"]} value={totals.rating === null ? texts["day_report.no_data"] : fill(texts["day_report.of_five"], { rating: totals.rating })} />
      </dl>

      <ChartFigure
        testId="lateness-chart"
        title={texts["day_report.lateness"]}
        hint={texts["day_report.lateness_hint"]}
        showTable={texts["day_report.show_table"]}
        showChart={texts["day_report.show_chart"]}
        chart={latenessChart}
        table={
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{texts["day_report.run"]}</th>
                <th scope="col">{texts["day_report.stop"]}</th>
                <th scope="col">{texts["day_report.published"]}</th>
                <th scope="col">{texts["day_report.actual"]}</th>
                <th scope="col">{texts["day_report.late_min"]}</th>
                <th scope="col">{texts["day_report.source"]}</th>
              </tr>
            </thead>
            <tbody>
              {stops.map(({ run, stop }) => (
                <tr key={`${run}-${stop.position}`}>
                  <td>{run}</td>
                  <td>{stop.address}</td>
                  <td>{formatTime(stop.publishedAt, zone)}</td>
                  <td>{stop.actualAt ? formatTime(stop.actualAt, zone) : "—"}</td>
                  <td>{stop.lateMinutes === null ? "—" : `${stop.lateMinutes} (${texts[`day_report.punctuality.${stop.punctuality!}`]})`}</td>
                  <td>{stop.source ? texts[`day_report.source.${stop.source}`] : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />

      <ChartFigure
        testId="runs-chart"
        title={texts["day_report.runs_chart"]}
        showTable={texts["day_report.show_table"]}
        showChart={texts["day_report.show_chart"]}
        chart={runsChart}
        table={
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{texts["day_report.run"]}</th>
                <th scope="col">{texts["day_report.on_time"]}</th>
                <th scope="col">{texts["day_report.seat_use"]}</th>
                <th scope="col">{texts["day_report.seats"]}</th>
                <th scope="col">{texts["day_report.boarded"]}</th>
                <th scope="col">{texts["day_report.no_shows"]}</th>
                <th scope="col">{texts["day_report.late_p50"]}</th>
                <th scope="col">{texts["day_report.late_p90"]}</th>
                <th scope="col">{texts["day_report.late_max"]}</th>
                <th scope="col">{texts["day_report.venue"]}</th>
                <th scope="col">{texts["day_report.minutes"]}</th>
                <th scope="col">{texts["day_report.km"]}</th>
                <th scope="col">{texts["day_report.empty_km"]}</th>
              </tr>
            </thead>
            <tbody>
              {report.runs.map((run) => (
                <tr key={run.runId}>
                  <th scope="row">{runLabel(run)}</th>
                  <td>{percent(run.onTimeShare)}</td>
                  <td>{percent(run.seatUtilisation)}</td>
                  <td>{run.seats}</td>
                  <td>{run.boarded}</td>
                  <td>{run.noShows}</td>
                  <td>{run.lateMinutes?.p50 ?? "—"}</td>
                  <td>{run.lateMinutes?.p90 ?? "—"}</td>
                  <td>{run.lateMinutes?.max ?? "—"}</td>
                  <td>{run.venue.lateMinutes ?? "—"}</td>
                  <td>{run.vehicleMinutes}</td>
                  <td>{run.vehicleKm}</td>
                  <td>{run.emptyKm}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />

      <ChartFigure
        testId="map-chart"
        title={texts["day_report.map"]}
        hint={texts["day_report.map_hint"]}
        showTable={texts["day_report.show_table"]}
        showChart={texts["day_report.show_chart"]}
        chart={mapChart}
        table={
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{texts["day_report.run"]}</th>
                <th scope="col">{texts["day_report.map_points"]}</th>
                <th scope="col">{texts["day_report.km"]}</th>
                <th scope="col">{texts["day_report.stop"]}</th>
              </tr>
            </thead>
            <tbody>
              {report.runs.map((run) => (
                <tr key={run.runId}>
                  <th scope="row">{runLabel(run)}</th>
                  <td>{run.track.length}</td>
                  <td>{run.vehicleKm}</td>
                  <td>{run.stops.map((stop) => stop.address).join(" · ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />

      <ChartFigure
        testId="ratings-chart"
        title={texts["day_report.spread"]}
        showTable={texts["day_report.show_table"]}
        showChart={texts["day_report.show_chart"]}
        chart={spreadChart}
        table={
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{texts["day_report.score"]}</th>
                <th scope="col">{texts["day_report.count"]}</th>
              </tr>
            </thead>
            <tbody>
              {report.ratingSpread.map((count, index) => (
                <tr key={index}>
                  <th scope="row">{index + 1}</th>
                  <td>{count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />

      <section className="day-alerts" aria-labelledby="day-alerts-title">
        <h3 id="day-alerts-title">{texts["day_report.alerts"]}</h3>
        {report.alerts.length === 0 ? (
          <p className="staff-muted">{texts["day_report.no_alerts"]}</p>
        ) : (
          <ul>
            {report.alerts.map((alert) => (
              <li key={alert.passengerId} className="day-alert">
                <strong>{fill(texts["day_report.of_five"], { rating: alert.score })}</strong> · {alert.name} · <a href={`${prefix}/staff/orders/${alert.orderId}`}>{fill(texts["day_report.open_order"], { id: alert.orderId })}</a>
                {alert.comment ? <blockquote>{alert.comment}</blockquote> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <ChartFigure
        testId="trend-chart"
        title={texts["day_report.trend"]}
        showTable={texts["day_report.show_table"]}
        showChart={texts["day_report.show_chart"]}
        chart={trendChart}
        table={
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{texts["day_report.choose"]}</th>
                <th scope="col">{texts["day_report.on_time"]}</th>
                <th scope="col">{texts["day_report.seat_use"]}</th>
                <th scope="col">{texts["day_report.no_shows"]}</th>
                <th scope="col">{texts["day_report.rating"]}</th>
              </tr>
            </thead>
            <tbody>
              {report.trend.map((day) => (
                <tr key={day.eventDateId}>
                  <th scope="row">{formatDate(day.startsAt, zone)}</th>
                  <td>{percent(day.onTimeShare)}</td>
                  <td>{percent(day.seatUtilisation)}</td>
                  <td>{day.noShows}</td>
                  <td>{day.rating ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <p className="staff-muted">
        {fill(texts["day_report.co2_note"], { ...report.co2.gramsPerKm, occupancy: report.co2.carOccupancy })}
      </p>
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="day-figure">
      <dt>{label}</dt>
      <dd>
        {value}
        {note ? <small>{note}</small> : null}
      </dd>
    </div>
  );
}

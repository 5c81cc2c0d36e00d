/**
 * A passenger's van on the day (`/track?token=…`, the link in their pick-up mail and text and on the order):
 * for each published leg, the van's plate and driver's first name, the leg's one state as the shop gives it
 * (waiting, on the way, arriving, aboard, dropped off, missed) with the time that matters in it (the published time
 * they were texted, or a countdown while the van comes to them), and a drawn map of their stop, the venue and the
 * van with the straight-line distance. Changes arrive by the link's event stream; when it cannot be followed (or
 * the shop ended it) the page reads the link again every 15 seconds. No account needed: the link is the key. Every
 * time is on the event's clock, named ("16:20 (hora de Bogotá)") on a phone whose clock reads another hour.
 */
import { useEffect, useState } from "react";
import { api, ApiFailure } from "../../client/api";
import { followEvents } from "../../client/live-events";
import { LEG } from "../../shared/domain/legs";
import { TRACKING_STATE, type TrackingState } from "../../shared/domain/tracking";
import { straightLineKm, type LatLonPoint } from "../../shared/geo/straight-line";
import type { Tracking, TrackingLeg } from "../../shared/schemas/answers/live";
import { useEventClock } from "../ui/reader-clock";
import { fill } from "../ui/texts";
import type { TrackingTexts } from "./texts";
import { TrackingMap, type MapPoint } from "./TrackingMap";

const POLL_MS = 15_000;

export default function TrackingPage({ texts }: { texts: TrackingTexts }) {
  const [token] = useState(() => (typeof window === "undefined" ? "" : (new URLSearchParams(window.location.search).get("token") ?? "")));
  const [tracking, setTracking] = useState<Tracking | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : texts["tracking.no_link"]);
  const [now, setNow] = useState(() => Date.now());
  const clock = useEventClock(texts);

  useEffect(() => {
    if (!token) return;
    let poll: ReturnType<typeof setInterval> | undefined;
    const read = () =>
      api("GET /shop-api/tracking/:token", { params: { token } })
        .then(setTracking)
        .catch((error: unknown) => {
          const code = error instanceof ApiFailure ? error.code : "";
          if (code === "tracking_link_expired" || code === "tracking_link_invalid") {
            setProblem(texts[`errors.${code}`]);
            if (poll) clearInterval(poll);
          }
        });
    void read();
    const stop = followEvents(
      `/shop-api/tracking/${encodeURIComponent(token)}/events`,
      (_event, data) => setTracking(data as Tracking),
      () => {
        poll ??= setInterval(read, POLL_MS);
      },
    );
    return () => {
      stop();
      if (poll) clearInterval(poll);
    };
  }, [token, texts]);

  // The countdown moves on between events.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(timer);
  }, []);

  if (problem) return <p className="tracking-problem">{problem}</p>;
  if (!tracking) return <div className="spinner" role="status" aria-label={texts["tracking.loading"]} />;
  return (
    <div className="tracking-page">
      <h1>{texts["tracking.title"]}</h1>
      <p>{fill(texts["tracking.greeting"], { name: tracking.firstName })}</p>
      {tracking.legs.map((leg) => (
        <LegCard key={leg.leg} leg={leg} tracking={tracking} now={now} texts={texts} clock={clock} />
      ))}
      <p className="tracking-expires">{fill(texts["tracking.expires"], { time: clock(tracking.expiresAt, tracking.timeZone, "time") })}</p>
    </div>
  );
}

/** The leg's state in words: one line, the same for a state whatever else the page shows. */
function stateLine(leg: TrackingLeg, venue: string, texts: TrackingTexts): string {
  const out = leg.leg === LEG.outbound;
  const words: Record<TrackingState, string> = {
    [TRACKING_STATE.waiting]: texts["tracking.state.waiting"],
    [TRACKING_STATE.onTheWay]: texts[out ? "tracking.state.on_the_way.outbound" : "tracking.state.on_the_way.return"],
    [TRACKING_STATE.arriving]: texts[out ? "tracking.state.arriving.outbound" : "tracking.state.arriving.return"],
    [TRACKING_STATE.aboard]: texts["tracking.state.aboard"],
    [TRACKING_STATE.droppedOff]: texts[out ? "tracking.state.dropped_off.outbound" : "tracking.state.dropped_off.return"],
    [TRACKING_STATE.missed]: texts[out ? "tracking.state.missed.outbound" : "tracking.state.missed.return"],
  };
  return fill(words[leg.state], { venue });
}

/** A straight-line distance in the page's language: metres (by tens) under a kilometre, else kilometres. */
const distanceText = (km: number) => {
  const lang = typeof document === "undefined" ? "es" : document.documentElement.lang || "es";
  if (km < 1) return `${new Intl.NumberFormat(lang).format(Math.round(km * 100) * 10)} m`;
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)} km`;
};
const shortLabel = (text: string) => (text.length > 26 ? `${text.slice(0, 25)}…` : text);

/** How the state line is coloured: done well (aboard, arrived), gone wrong (missed), or still to come. */
function toneOf(state: TrackingState): "good" | "bad" | "coming" {
  if (state === TRACKING_STATE.aboard || state === TRACKING_STATE.droppedOff) return "good";
  return state === TRACKING_STATE.missed ? "bad" : "coming";
}

/** Where the van heads for this passenger now: their stop while it comes for them or takes them home, else the venue. */
function headsFor(leg: TrackingLeg): "stop" | "venue" {
  if (leg.leg === LEG.outbound) return leg.aboard ? "venue" : "stop";
  return leg.aboard && leg.expected !== null ? "stop" : "venue";
}

/** A time of the day on the event's clock (`useEventClock`). */
type Clock = ReturnType<typeof useEventClock>;

function LegCard({ leg, tracking, now, texts, clock }: { leg: TrackingLeg; tracking: Tracking; now: number; texts: TrackingTexts; clock: Clock }) {
  const zone = tracking.timeZone;
  const venue = tracking.venue.name;
  const title = fill(texts[leg.leg === LEG.outbound ? "tracking.leg.outbound" : "tracking.leg.return"], { event: tracking.eventName });
  const minutes = leg.expected ? Math.max(0, Math.round((new Date(leg.expected).getTime() - now) / 60_000)) : null;
  const over = leg.state === TRACKING_STATE.droppedOff || leg.state === TRACKING_STATE.missed;
  const late = leg.delayMinutes ?? 0;
  // Going out a van ahead of time waits at the stop until the published time: early is said so, not "on time".
  const punctualityWords =
    late > 0 ? fill(texts["tracking.late"], { minutes: late }) : late <= -2 && leg.leg === LEG.outbound ? fill(texts["tracking.early"], { minutes: -late }) : texts["tracking.on_time"];
  const punctuality = leg.delayMinutes === null ? "" : ` · ${punctualityWords}`;
  // What the passenger was texted: the pick-up going out; coming back the departure until the run leaves, then the
  // drop-off it named (the countdown runs to it). How late the van runs is told against the line it follows.
  const departed = leg.leg === LEG.return && leg.expected !== null;
  const publishedLines = over
    ? []
    : leg.leg === LEG.outbound
      ? [fill(texts["tracking.published.outbound"], { time: clock(leg.published, zone, "time") }) + punctuality]
      : departed
        ? [fill(texts["tracking.published_arrival"], { time: clock(leg.publishedArrival ?? leg.published, zone, "time") }) + punctuality]
        : [
            fill(texts["tracking.published.return"], { venue, time: clock(leg.published, zone, "time") }) + punctuality,
            ...(leg.publishedArrival ? [fill(texts["tracking.published_arrival"], { time: clock(leg.publishedArrival, zone, "time") })] : []),
          ];

  const points: MapPoint[] = [
    { kind: "stop", label: texts["tracking.map.stop"], lat: leg.stop.lat, lon: leg.stop.lon },
    { kind: "venue", label: shortLabel(venue), lat: tracking.venue.lat, lon: tracking.venue.lon },
  ];
  if (leg.van && !over) points.push({ kind: "vehicle", label: leg.vehicle?.plate ?? texts["tracking.title"], lat: leg.van.lat, lon: leg.van.lon });
  const target = headsFor(leg);
  const vehiclePoint = points[2];
  const distance = (from: LatLonPoint, to: LatLonPoint) => distanceText(straightLineKm(from, to));
  const distanceLine = over
    ? null
    : vehiclePoint
      ? target === "stop"
        ? fill(texts["tracking.distance.to_stop"], { distance: distance(vehiclePoint, leg.stop) })
        : fill(texts["tracking.distance.to_venue"], { distance: distance(vehiclePoint, tracking.venue), venue })
      : fill(texts["tracking.distance.stop_venue"], { distance: distance(leg.stop, tracking.venue), venue });

  return (
    <section className="tracking-leg" aria-label={title} data-state={leg.state}>
      <h2>{title}</h2>
      <p className="tracking-van">
        {leg.vehicle ? <span>{fill(texts["tracking.vehicle"], { plate: leg.vehicle.plate })}</span> : null}
        {leg.driverFirstName ? <span>{fill(texts["tracking.driver"], { name: leg.driverFirstName })}</span> : null}
      </p>
      <p className={`tracking-state tracking-state-${toneOf(leg.state)}`} data-aboard={leg.aboard}>
        {stateLine(leg, venue, texts)}
      </p>
      {leg.state === TRACKING_STATE.missed ? <p>{texts["tracking.missed_help"]}</p> : null}
      {leg.expected !== null ? (
        <p className="tracking-eta" data-minutes={minutes ?? ""}>
          <strong>{fill(texts["tracking.expected_in"], { minutes: minutes ?? 0 })}</strong> {fill(texts["tracking.expected"], { time: clock(leg.expected, zone, "time") })}
        </p>
      ) : null}
      {leg.leg === LEG.outbound && leg.state === TRACKING_STATE.aboard && leg.venueExpected ? (
        <p>{fill(texts["tracking.venue_arrival"], { venue, time: clock(leg.venueExpected, zone, "time") })}</p>
      ) : null}
      {publishedLines.map((line, index) => (
        <p key={index} className="tracking-published" data-published={index === 0 ? leg.published : undefined}>
          {line}
        </p>
      ))}
      <p className="tracking-stop">{leg.stop.address}</p>
      {leg.van || over ? null : <p>{texts["tracking.no_position"]}</p>}
      <TrackingMap points={points} line={vehiclePoint ? [2, target === "stop" ? 0 : 1] : null} label={fill(texts["tracking.map"], { venue })} />
      {distanceLine ? <p className="tracking-distance">{distanceLine}</p> : null}
    </section>
  );
}

/**
 * A passenger's van on the day (`/track?token=…`, the link in their pick-up mail and text and on the order):
 * for each published leg, the van's plate and driver's first name, the van on a map, the expected time at their
 * stop counting down, and whether they are aboard. Changes arrive by the link's event stream; when it cannot be
 * followed the page reads the link again every 15 seconds. No account needed: the link is the key.
 */
import { useEffect, useState } from "react";
import { api, ApiFailure } from "../../client/api";
import { followEvents } from "../../client/live-events";
import { LEG } from "../../shared/domain/legs";
import { formatTime } from "../../shared/format/dates";
import type { Tracking, TrackingLeg } from "../../shared/schemas/answers/live";
import { fill } from "../ui/texts";
import type { TrackingTexts } from "./texts";
import { TrackingMap } from "./TrackingMap";

const POLL_MS = 15_000;

export default function TrackingPage({ texts }: { texts: TrackingTexts }) {
  const [token] = useState(() => (typeof window === "undefined" ? "" : (new URLSearchParams(window.location.search).get("token") ?? "")));
  const [tracking, setTracking] = useState<Tracking | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : texts["tracking.no_link"]);
  const [now, setNow] = useState(() => Date.now());

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
        <LegCard key={leg.leg} leg={leg} tracking={tracking} now={now} texts={texts} />
      ))}
      <p className="tracking-expires">{fill(texts["tracking.expires"], { time: formatTime(tracking.expiresAt, tracking.timeZone) })}</p>
    </div>
  );
}

function LegCard({ leg, tracking, now, texts }: { leg: TrackingLeg; tracking: Tracking; now: number; texts: TrackingTexts }) {
  const zone = tracking.timeZone;
  const title = fill(texts[leg.leg === LEG.outbound ? "tracking.leg.outbound" : "tracking.leg.return"], { event: tracking.eventName });
  const minutes = leg.stop.expected ? Math.max(0, Math.round((new Date(leg.stop.expected).getTime() - now) / 60_000)) : null;
  const late = leg.stop.delayMinutes ?? 0;
  return (
    <section className="tracking-leg" aria-label={title}>
      <h2>{title}</h2>
      <p className="tracking-van">
        {leg.vehicle ? <span>{fill(texts["tracking.vehicle"], { plate: leg.vehicle.plate })}</span> : null}
        {leg.driverFirstName ? <span>{fill(texts["tracking.driver"], { name: leg.driverFirstName })}</span> : null}
      </p>
      <p className={`mark ${leg.aboard ? "mark-paid" : "mark-pending"}`} data-aboard={leg.aboard}>
        {leg.aboard ? texts["tracking.aboard"] : texts["tracking.not_aboard"]}
      </p>
      {leg.stop.done ? (
        <p>{texts["tracking.stop_done"]}</p>
      ) : (
        <>
          <p className="tracking-eta" data-minutes={minutes ?? ""}>
            <strong>{minutes !== null ? fill(texts["tracking.expected_in"], { minutes }) : null}</strong>{" "}
            {leg.stop.expected ? fill(texts["tracking.expected"], { time: formatTime(leg.stop.expected, zone) }) : null}
          </p>
          <p>
            {fill(texts["tracking.planned"], { time: formatTime(leg.stop.planned, zone) })} · {late > 0 ? fill(texts["tracking.late"], { minutes: late }) : texts["tracking.on_time"]}
          </p>
        </>
      )}
      <p className="tracking-stop">{leg.stop.address}</p>
      {leg.venueExpected ? (
        <p>{fill(texts[leg.leg === LEG.outbound ? "tracking.venue_arrival" : "tracking.venue_departure"], { venue: tracking.venue.name, time: formatTime(leg.venueExpected, zone) })}</p>
      ) : null}
      {leg.van ? null : <p>{texts["tracking.no_position"]}</p>}
      <TrackingMap leg={leg} tileUrl={tracking.tileUrl} label={texts["tracking.map"]} stopLabel={leg.stop.address} vanLabel={leg.vehicle?.plate ?? texts["tracking.title"]} />
    </section>
  );
}

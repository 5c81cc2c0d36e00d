/**
 * The dispatcher's live view of a published plan: each run's van on the map, a delay badge past five minutes, the
 * stops done and to go, how old the van's position is, and the passengers not aboard where the van has been, with
 * their phones. Changes arrive by the live event stream; when it cannot be followed the view reads the live state
 * every 15 seconds instead (and tries the stream again at the next change of date or leg).
 */
import { useEffect, useMemo, useState } from "react";
import { api } from "../../../client/api";
import { followEvents } from "../../../client/live-events";
import type { Leg } from "../../../shared/domain/legs";
import type { LiveDay, LiveRun } from "../../../shared/schemas/answers/live";
import { fill } from "../../ui/texts";
import type { StaffTexts } from "../texts";
import type { VanMark } from "./PlanMap";

const POLL_MS = 15_000;
/** Late enough to show: a few minutes either way is ordinary traffic. */
export const DELAY_BADGE_MINUTES = 5;

export function useLiveDay(eventDateId: number | null, leg: Leg, published: boolean) {
  const [runs, setRuns] = useState<Map<number, LiveRun>>(new Map());
  const [polling, setPolling] = useState(false);
  useEffect(() => {
    setRuns(new Map());
    setPolling(false);
    if (eventDateId === null || !published) return;
    const query = { eventDateId, leg };
    let poll: ReturnType<typeof setInterval> | undefined;
    const read = () =>
      api("GET /shop-api/staff/dispatch/live", { query })
        .then((day: LiveDay) => setRuns(new Map(day.runs.map((run) => [run.runId, run]))))
        .catch(() => undefined);
    void read();
    const stop = followEvents(
      `/shop-api/staff/dispatch/live/events?eventDateId=${eventDateId}&leg=${leg}`,
      (_event, data) => {
        const run = data as LiveRun;
        setRuns((before) => new Map(before).set(run.runId, run));
      },
      () => {
        setPolling(true);
        poll ??= setInterval(read, POLL_MS);
      },
    );
    return () => {
      stop();
      if (poll) clearInterval(poll);
    };
  }, [eventDateId, leg, published]);
  return { runs, polling };
}

export function vanMarks(runs: ReadonlyMap<number, LiveRun>, order: readonly number[]): VanMark[] {
  return [...runs.values()].flatMap((run) => (run.position ? [{ runIndex: Math.max(0, order.indexOf(run.runId)), lat: run.position.lat, lon: run.position.lon, label: run.vehicle?.plate ?? String(run.runId) }] : []));
}

export function LiveStatus({ run, texts }: { run: LiveRun | undefined; texts: StaffTexts }) {
  const missing = useMemo(() => run?.riders.filter((rider) => rider.missing) ?? [], [run]);
  if (!run) return null;
  return (
    <div className="dispatch-live" data-run={run.runId}>
      <span className="dispatch-live-stops">{fill(texts["dispatch.live.stops"], { done: run.stopsDone, total: run.stopsTotal })}</span>
      {run.delayMinutes > DELAY_BADGE_MINUTES ? <span className="mark mark-cancelled dispatch-delay">{fill(texts["dispatch.live.delay"], { minutes: run.delayMinutes })}</span> : null}
      <span className="dispatch-live-age">
        {run.position ? fill(texts["dispatch.live.position_age"], { minutes: Math.floor(run.position.ageSeconds / 60) }) : texts["dispatch.live.no_position"]}
      </span>
      {missing.length > 0 ? (
        <div className="dispatch-missing">
          <strong>{texts["dispatch.live.missing"]}</strong>
          <ul>
            {missing.map((rider) => (
              <li key={rider.passengerId}>
                {rider.name} · <a href={`tel:${rider.phone.replace(/[^\d+]/g, "")}`}>{rider.phone}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The dispatcher's live view: the board's one event stream carries the board itself (plan, waiting passengers,
 * notes, clashes: a `board` event whenever anyone changes it or a booking is paid) and each published run's van on
 * the map, with a delay badge past five minutes, the stops done and to go, how old the van's position is, and the
 * passengers not aboard where the van has been, with their phones. When the stream cannot be followed the view
 * reads the board and the live state every 15 seconds instead (and tries the stream again at the next change of
 * date or leg).
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { api } from "../../../client/api";
import { followEvents } from "../../../client/live-events";
import type { Leg } from "../../../shared/domain/legs";
import type { DispatchBoardEvent } from "../../../shared/schemas/answers/dispatch";
import type { LiveDay, LiveRun } from "../../../shared/schemas/answers/live";
import { fill } from "../../ui/texts";
import type { StaffTexts } from "../texts";
import type { VehicleMark } from "./PlanMap";

const POLL_MS = 15_000;
/** Late enough to show: a few minutes either way is ordinary traffic. */
export const DELAY_BADGE_MINUTES = 5;

/** `onBoard`: the board changed (from the stream); `reload`: read the board again (the fallback's poll). */
export function useLiveDay(eventDateId: number | null, leg: Leg, onBoard: (event: DispatchBoardEvent) => void, reload: () => Promise<void>) {
  const [runs, setRuns] = useState<Map<number, LiveRun>>(new Map());
  const [polling, setPolling] = useState(false);
  const handlers = useRef({ onBoard, reload });
  handlers.current = { onBoard, reload };
  useEffect(() => {
    setRuns(new Map());
    setPolling(false);
    if (eventDateId === null) return;
    const query = { eventDateId, leg };
    let poll: ReturnType<typeof setInterval> | undefined;
    const read = () =>
      api("GET /shop-api/staff/dispatch/live", { query })
        .then((day: LiveDay) => setRuns(new Map(day.runs.map((run) => [run.runId, run]))))
        .catch(() => undefined);
    void read();
    const stop = followEvents(
      `/shop-api/staff/dispatch/live/events?eventDateId=${eventDateId}&leg=${leg}`,
      (event, data) => {
        if (event === "board") {
          handlers.current.onBoard(data as DispatchBoardEvent);
          return;
        }
        const run = data as LiveRun;
        setRuns((before) => new Map(before).set(run.runId, run));
      },
      () => {
        setPolling(true);
        poll ??= setInterval(() => {
          void read();
          void handlers.current.reload().catch(() => undefined);
        }, POLL_MS);
      },
    );
    return () => {
      stop();
      if (poll) clearInterval(poll);
    };
  }, [eventDateId, leg]);
  return { runs, polling };
}

export function vehicleMarks(runs: ReadonlyMap<number, LiveRun>, order: readonly number[]): VehicleMark[] {
  return [...runs.values()].flatMap((run) => (run.position ? [{ runIndex: Math.max(0, order.indexOf(run.runId)), lat: run.position.lat, lon: run.position.lon, label: run.vehicle?.plate ?? String(run.runId) }] : []));
}

export function LiveStatus({ run, texts }: { run: LiveRun | undefined; texts: StaffTexts }) {
  const missing = useMemo(() => run?.riders.filter((passenger) => passenger.missing) ?? [], [run]);
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
            {missing.map((passenger) => (
              <li key={passenger.passengerId}>
                {passenger.name} · <a href={`tel:${passenger.phone.replace(/[^\d+]/g, "")}`}>{passenger.phone}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

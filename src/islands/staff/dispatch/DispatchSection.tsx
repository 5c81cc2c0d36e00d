/**
 * The dispatcher's screen: pick an event date and a leg, compute the plan, then adjust it — a run's vehicle and
 * driver, lock it, move a passenger or a stop to another run, reorder stops — and publish the times to the
 * passengers. Every change sends the version shown; when someone else changed the plan first, the screen says
 * so and shows the current plan.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { api, ApiFailure } from "../../../client/api";
import { formatDateTime, formatTime, timeZoneOf } from "../../../shared/format/dates";
import { ClockNote } from "../ClockNote";
import { useEventClock } from "../../ui/reader-clock";
import type { Leg } from "../../../shared/domain/legs";
import { LEG } from "../../../shared/domain/legs";
import type { DispatchBoard, DispatchBoardEvent, DispatchOptions, DispatchPlan } from "../../../shared/schemas/answers/dispatch";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import type { SectionProps } from "../section-props";
import type { StaffTexts } from "../texts";
import { PlanMap, runColour } from "./PlanMap";
import { ConfirmDialog } from "../ConfirmDialog";
import { LiveStatus, useLiveDay, vehicleMarks } from "./LivePanel";
import type { LiveRun } from "../../../shared/schemas/answers/live";
import "./dispatch.css";

type Run = DispatchPlan["runs"][number];

export default function DispatchSection({ texts }: SectionProps) {
  const [options, setOptions] = useState<DispatchOptions | null>(null);
  const [failed, setFailed] = useState(false);
  const [dateId, setDateId] = useState<number | null>(null);
  const [leg, setLeg] = useState<Leg>(LEG.outbound);
  const [plan, setPlan] = useState<DispatchPlan | null>(null);
  const [board, setBoard] = useState<DispatchBoard | null>(null);
  const [busy, setBusy] = useState(false);
  const clock = useEventClock(texts);
  const live = useLiveDay(dateId, leg, (event) => shown(event, dateId, leg, setPlan, setBoard), () => reload());
  /** An edit refused for a ride limit or a shift: the reason, and the same edit sent again with `override`. */
  const [overrideAsk, setOverrideAsk] = useState<{ reason: string; retry: () => void } | null>(null);
  const [shiftBy, setShiftBy] = useState("");
  /** The runs without a driver or a vehicle, named, while the dispatcher is asked whether to publish anyway. */
  const [publishAsk, setPublishAsk] = useState<string | null>(null);

  useEffect(() => {
    api("GET /shop-api/staff/dispatch/options")
      .then((answer) => {
        setOptions(answer);
        setDateId(answer.dates[0]?.eventDateId ?? null);
      })
      .catch(() => setFailed(true));
  }, []);

  const reload = useCallback(async () => {
    if (dateId === null) return;
    const query = { eventDateId: dateId, leg };
    const [nextPlan, nextBoard] = await Promise.all([api("GET /shop-api/staff/dispatch", { query }), api("GET /shop-api/staff/dispatch/board", { query })]);
    setPlan(nextPlan);
    setBoard(nextBoard);
  }, [dateId, leg]);

  useEffect(() => {
    setPlan(null);
    reload().catch(() => setFailed(true));
  }, [reload]);

  async function change(work: (override: boolean) => Promise<DispatchPlan | unknown>, override = false) {
    setBusy(true);
    setOverrideAsk(null);
    try {
      const answer = await work(override);
      if (answer && typeof answer === "object" && "runs" in answer) setPlan(answer as DispatchPlan);
      await reload();
    } catch (error) {
      if (error instanceof ApiFailure && !override && (error.code === "ride_limit_exceeded" || error.code === "shift_limit_exceeded")) {
        setOverrideAsk({ reason: error.message || texts["dispatch.error"], retry: () => void change(work, true) });
      } else if (error instanceof ApiFailure && error.code === "dispatch_version_stale") {
        showToast("error", texts["dispatch.stale"]);
        await reload().catch(() => undefined);
      } else {
        showToast("error", error instanceof ApiFailure && error.message ? error.message : texts["dispatch.error"]);
      }
    } finally {
      setBusy(false);
    }
  }

  // Drawn again only when a van moved or the runs changed, not at every render of the board.
  const movingVehicles = useMemo(
    () =>
      vehicleMarks(
        live.runs,
        (plan?.runs ?? []).map((one) => one.id),
      ),
    [live.runs, plan],
  );

  const publish = () =>
    change(async () => {
      const answer = await api("POST /shop-api/staff/dispatch/publish", { body: { eventDateId: plan!.eventDateId, leg: plan!.leg, version: plan!.version } });
      showToast("success", fill(texts["dispatch.published_toast"], { passengers: answer.passengersNotified, buyers: answer.buyersNotified }));
      return answer;
    });

  if (failed) return <p className="empty-text">{texts["staff_day.load_error"]}</p>;
  if (!options) return <div className="spinner" role="status" aria-label={texts["staff.loading"]} />;
  if (options.dates.length === 0) return <p className="empty-text">{texts["dispatch.no_dates"]}</p>;

  const chosen = options.dates.find((date) => date.eventDateId === dateId);
  const on = plan ? { eventDateId: plan.eventDateId, leg: plan.leg, version: plan.version } : null;
  const vehicles = options.vehicles.filter((vehicle) => vehicle.countryCode === chosen?.countryCode);
  // The board's times are the event's clock, its country's, named once above when the dispatcher's reads another hour.
  const zone = timeZoneOf(chosen?.countryCode);

  return (
    <div className="staff-dispatch">
      <h2 className="staff-heading">{texts["dispatch.title"]}</h2>
      {chosen ? <ClockNote zone={zone} at={chosen.startsAt} texts={texts} /> : null}
      <div className="staff-filters">
        <label>
          {texts["dispatch.date"]}
          <select value={dateId ?? ""} onChange={(event) => setDateId(Number(event.target.value))}>
            {options.dates.map((date) => (
              <option key={date.eventDateId} value={date.eventDateId}>
                {date.eventName} · {clock(date.startsAt, timeZoneOf(date.countryCode))}
              </option>
            ))}
          </select>
        </label>
        <label>
          {texts["dispatch.leg"]}
          <select value={leg} onChange={(event) => setLeg(event.target.value as Leg)}>
            <option value={LEG.outbound}>{texts["dispatch.leg.outbound"]}</option>
            <option value={LEG.return}>{texts["dispatch.leg.return"]}</option>
          </select>
        </label>
        <button type="button" className="btn btn-secondary" disabled={busy || dateId === null} onClick={() => change(() => api("POST /shop-api/staff/dispatch/plan", { body: { eventDateId: dateId!, leg } }))}>
          {texts["dispatch.plan"]}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !plan || plan.version === 0 || plan.published}
          onClick={() => {
            // Runs nobody drives or without a vehicle: asked first, naming them, whether or not it was published before.
            const missing = plan ? unassignedRuns(plan, texts) : "";
            if (missing) setPublishAsk(missing);
            else void publish();
          }}
        >
          {texts["dispatch.publish"]}
        </button>
      </div>
      {publishAsk ? (
        <ConfirmDialog
          title={texts["dispatch.publish"]}
          consequence={fill(texts["dispatch.publish.unassigned_ask"], { runs: publishAsk })}
          confirmLabel={texts["dispatch.publish.anyway"]}
          texts={texts}
          onClose={() => setPublishAsk(null)}
          onConfirm={async () => {
            setPublishAsk(null);
            await publish();
          }}
        />
      ) : null}
      {!plan || !board ? (
        <div className="spinner" role="status" aria-label={texts["staff.loading"]} />
      ) : plan.version === 0 ? (
        <p className="empty-text">{texts["dispatch.no_plan"]}</p>
      ) : (
        <>
          <p className="dispatch-status" role="status">
            <span>{fill(texts["dispatch.version"], { version: plan.version })}</span>
            <span className={`mark ${plan.published ? "mark-paid" : "mark-pending"}`}>{plan.published ? texts["dispatch.published"] : texts["dispatch.unpublished"]}</span>
            {board.pending > 0 ? <span>{fill(texts["dispatch.pending"], { count: board.pending })}</span> : null}
          </p>
          {overrideAsk ? (
            <div className="form-error dispatch-override-ask" role="alert">
              <p>{fill(texts["dispatch.override.ask"], { reason: overrideAsk.reason })}</p>
              <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={overrideAsk.retry}>
                {texts["dispatch.override.confirm"]}
              </button>
            </div>
          ) : null}
          {board.replanReason ? (
            <p className="form-error dispatch-replan" role="alert" data-reason={board.replanReason}>
              {texts[`dispatch.replan.${board.replanReason}`]}
            </p>
          ) : null}
          <Unassigned plan={plan} board={board} texts={texts} />
          {board.waiting.length > 0 ? (
            <div className="form-error dispatch-waiting" role="alert" data-waiting={board.waiting.length}>
              <p>{fill(texts["dispatch.waiting.alert"], { count: board.waiting.length })}</p>
              <ul>
                {board.waiting.map((one) => (
                  <li key={one.passengerId} data-passenger={one.passengerId}>
                    <strong>{one.name}</strong> <span>{one.address}</span> <span className="staff-muted">#{one.orderId}</span>{" "}
                    {one.needs.map((need) => (
                      <span key={need} className="mark" data-need={need}>
                        {texts[`need.${need}`]}
                      </span>
                    ))}{" "}
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      disabled={busy}
                      onClick={() =>
                        change(async () => {
                          const answer = await api("POST /shop-api/staff/dispatch/insert", { body: { ...on!, passengerId: one.passengerId } });
                          if (answer.needsDriver) showToast("error", texts["dispatch.waiting.needs_driver"]);
                          else showToast("success", fill(texts["dispatch.waiting.inserted"], { count: answer.passengersNotified }));
                          return answer;
                        })
                      }
                    >
                      {texts["dispatch.waiting.insert"]}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <form
            className="staff-filters dispatch-shift"
            onSubmit={(event) => {
              event.preventDefault();
              const minutes = Number(shiftBy);
              if (!Number.isInteger(minutes) || minutes === 0) return;
              void change(async () => {
                const answer = await api("POST /shop-api/staff/dispatch/shift", { body: { eventDateId: plan.eventDateId, leg: plan.leg, minutes } });
                showToast("success", fill(texts["dispatch.shift.done"], { count: answer.passengersNotified }));
                setShiftBy("");
                return answer;
              });
            }}
          >
            <label>
              {texts["dispatch.shift.minutes"]}
              <input type="number" inputMode="numeric" step={5} min={-240} max={600} value={shiftBy} onChange={(event) => setShiftBy(event.target.value)} />
            </label>
            <button type="submit" className="btn btn-ghost btn-small" disabled={busy || shiftBy === ""}>
              {texts["dispatch.shift.apply"]}
            </button>
            {board.shiftMinutes !== 0 ? <span className="mark">{fill(texts["dispatch.shift.current"], { minutes: board.shiftMinutes })}</span> : null}
          </form>
          {board.notes.map((note) => (
            <p key={note.code} className="staff-muted">
              {texts[`dispatch.note.${note.code}`]}
            </p>
          ))}
          {live.polling ? <p className="staff-muted">{texts["dispatch.live.polling"]}</p> : null}
          <PlanMap
            plan={plan}
            venue={board.venue}
            tileUrl={options.tileUrl}
            label={texts["dispatch.map"]}
            vehicles={movingVehicles}
          />
          <div className="dispatch-runs">
            {plan.runs.map((run, index) => (
              <RunCard
                key={run.id}
                run={run}
                index={index}
                plan={plan}
                board={board}
                live={live.runs.get(run.id)}
                texts={texts}
                zone={zone}
                vehicles={vehicles}
                drivers={options.drivers}
                busy={busy}
                onChange={(work) => change((override) => work(override ? { ...on!, override: true } : on!))}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * A board from the stream, shown when it is of the date and leg on screen and not older than what is shown (an
 * edit's own answer may arrive before the stream's news of an earlier version).
 */
function shown(event: DispatchBoardEvent, dateId: number | null, leg: Leg, setPlan: (update: (before: DispatchPlan | null) => DispatchPlan | null) => void, setBoard: (update: (before: DispatchBoard | null) => DispatchBoard | null) => void) {
  if (event.board.eventDateId !== dateId || event.board.leg !== leg) return;
  const current = <T extends { eventDateId: number; leg: Leg; version: number }>(before: T | null) => before !== null && before.eventDateId === dateId && before.leg === leg && before.version > event.plan.version;
  setPlan((before) => (current(before) ? before : event.plan));
  setBoard((before) => (current(before) ? before : event.board));
}

/** The runs without a driver or a vehicle, named ("Recorrido 2, Recorrido 3"), or "" when every run has both. */
function unassignedRuns(plan: DispatchPlan, texts: StaffTexts): string {
  return plan.runs
    .filter((run) => run.driver === null || run.vehicle === null)
    .map((run) => fill(texts["dispatch.run"], { number: plan.runs.indexOf(run) + 1 }))
    .join(", ");
}

/**
 * The runs nobody drives yet and those without a vehicle, named: an alert once the plan was ever published (a run
 * opened for a late booking, passengers waiting on it), a plain note before.
 */
function Unassigned({ plan, board, texts }: { plan: DispatchPlan; board: DispatchBoard; texts: StaffTexts }) {
  const named = (runs: Run[]) => runs.map((run) => fill(texts["dispatch.run"], { number: plan.runs.indexOf(run) + 1 })).join(", ");
  const noDriver = plan.runs.filter((run) => run.driver === null);
  const noVehicle = plan.runs.filter((run) => run.vehicle === null);
  if (noDriver.length === 0 && noVehicle.length === 0) return null;
  const published = board.publishedVersion !== null;
  return (
    <div className={published ? "form-error dispatch-unassigned" : "staff-muted dispatch-unassigned"} role={published ? "alert" : "status"}>
      {noVehicle.length > 0 ? <p data-missing="vehicle">{fill(texts["dispatch.unassigned.vehicle"], { runs: named(noVehicle) })}</p> : null}
      {noDriver.length > 0 ? <p data-missing="driver">{fill(texts["dispatch.unassigned.driver"], { runs: named(noDriver) })}</p> : null}
    </div>
  );
}

type OnPlan = { eventDateId: number; leg: Leg; version: number; override?: boolean };

interface RunCardProps {
  run: Run;
  index: number;
  plan: DispatchPlan;
  board: DispatchBoard;
  live: LiveRun | undefined;
  texts: StaffTexts;
  /** The event's clock. */
  zone: string;
  vehicles: DispatchOptions["vehicles"];
  drivers: DispatchOptions["drivers"];
  busy: boolean;
  onChange(work: (on: OnPlan) => Promise<DispatchPlan>): void;
}

function RunCard({ run, index, plan, board, live, texts, zone, vehicles, drivers, busy, onChange }: RunCardProps) {
  const info = board.runs.find((one) => one.id === run.id);
  const locked = info?.locked ?? false;
  const capacity = run.vehicle?.seats ?? info?.capacity ?? run.seatsNeeded;
  const others = plan.runs.filter((other) => other.id !== run.id);
  const title = fill(texts["dispatch.run"], { number: index + 1 });
  const moveTargets = (
    <>
      <option value="">{texts["dispatch.move_to"]}</option>
      {others.map((other) => (
        <option key={other.id} value={other.id}>
          {fill(texts["dispatch.run"], { number: plan.runs.indexOf(other) + 1 })}
        </option>
      ))}
      <option value="new">{texts["dispatch.new_run"]}</option>
    </>
  );
  const target = (value: string) => (value === "new" ? null : Number(value));
  const assign = (vehicleId: number | null, driverId: number | null) =>
    onChange((on) => api("POST /shop-api/staff/dispatch/assign", { body: { ...on, runId: run.id, vehicleId, driverId } }));

  return (
    <section className="dispatch-run" aria-labelledby={`dispatch-run-${run.id}`} data-run={run.id} style={{ borderInlineStartColor: runColour(index) }}>
      <header>
        <h3 id={`dispatch-run-${run.id}`}>
          {title} <span className="staff-muted">{fill(texts["dispatch.seats"], { seats: run.seatsNeeded, capacity })}</span>
          {locked ? <span className="mark">{texts["dispatch.locked"]}</span> : null}
        </h3>
        <div className="dispatch-run-tools">
          <label>
            {texts["dispatch.vehicle"]}
            <select value={run.vehicle?.id ?? ""} disabled={busy} onChange={(event) => assign(event.target.value ? Number(event.target.value) : null, run.driver?.id ?? null)}>
              <option value="">{texts["dispatch.vehicle_needed"]}</option>
              {vehicles.map((vehicle) => (
                <option key={vehicle.id} value={vehicle.id}>
                  {vehicle.plate} · {vehicle.label} ({vehicle.seats})
                </option>
              ))}
            </select>
          </label>
          <label>
            {texts["dispatch.driver"]}
            <select value={run.driver?.id ?? ""} disabled={busy} onChange={(event) => assign(run.vehicle?.id ?? null, event.target.value ? Number(event.target.value) : null)}>
              <option value="">{texts["dispatch.no_driver"]}</option>
              {drivers.map((driver) => (
                <option key={driver.id} value={driver.id}>
                  {driver.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-ghost btn-small" disabled={busy} onClick={() => onChange((on) => api("POST /shop-api/staff/dispatch/lock", { body: { ...on, runId: run.id, locked: !locked } }))}>
            {locked ? texts["dispatch.unlock"] : texts["dispatch.lock"]}
          </button>
        </div>
      </header>
      <LiveStatus run={live} texts={texts} />
      {(info?.overrides ?? []).map((kept) => (
        <p key={`${kept.rule}-${kept.passengerId ?? kept.driverId}`} className="mark mark-pending dispatch-override" data-override={kept.rule}>
          {fill(texts["dispatch.override.badge"], {
            what: fill(texts[kept.rule === "shift" ? "dispatch.override.shift" : "dispatch.override.ride"], { minutes: kept.minutes, limit: kept.limitMinutes }),
          })}{" "}
          <span className="staff-muted">{kept.by}</span>
        </p>
      ))}
      {board.clashes
        .filter((clash) => clash.runId === run.id)
        .map((clash) => (
          <p key={`${clash.kind}-${clash.eventDateId}-${clash.departsAt}`} className="form-error" role="alert">
            {fill(texts[clash.kind === "vehicle" ? "dispatch.clash.vehicle" : "dispatch.clash.driver"], {
              event: clash.eventName,
              from: formatDateTime(clash.departsAt, zone),
              until: formatTime(clash.arrivesAt, zone),
            })}
          </p>
        ))}
      <ol className="dispatch-stops">
        {run.stops.map((stop) => {
          const order = run.stops.map((one) => one.position);
          const swap = (by: number) => {
            const next = [...order];
            [next[stop.position], next[stop.position + by]] = [next[stop.position + by]!, next[stop.position]!];
            return next;
          };
          const stopName = fill(texts["dispatch.stop"], { number: stop.position + 1, address: stop.address });
          return (
            <li key={stop.position} className="dispatch-stop" data-stop={stop.position}>
              <div className="dispatch-stop-head">
                <strong>{formatTime(stop.time, zone)}</strong> <span>{stop.address}</span>
                {stop.approximate ? <span className="staff-muted"> ({texts["dispatch.approximate"]})</span> : null}
                <span className="dispatch-stop-tools">
                  <button type="button" className="btn btn-ghost btn-small" aria-label={`${texts["dispatch.up"]}: ${stopName}`} disabled={busy || stop.position === 0} onClick={() => onChange((on) => api("POST /shop-api/staff/dispatch/reorder", { body: { ...on, runId: run.id, order: swap(-1) } }))}>
                    ↑
                  </button>
                  <button type="button" className="btn btn-ghost btn-small" aria-label={`${texts["dispatch.down"]}: ${stopName}`} disabled={busy || stop.position === run.stops.length - 1} onClick={() => onChange((on) => api("POST /shop-api/staff/dispatch/reorder", { body: { ...on, runId: run.id, order: swap(1) } }))}>
                    ↓
                  </button>
                  <select
                    aria-label={`${texts["dispatch.move_to"]}: ${stopName}`}
                    value=""
                    disabled={busy}
                    onChange={(event) => event.target.value && onChange((on) => api("POST /shop-api/staff/dispatch/move-stop", { body: { ...on, runId: run.id, position: stop.position, toRunId: target(event.target.value) } }))}
                  >
                    {moveTargets}
                  </select>
                </span>
              </div>
              <ul className="run-passengers">
                {stop.passengers.map((passenger) => (
                  <li key={passenger.passengerId} data-passenger={passenger.passengerId}>
                    <strong>{passenger.name}</strong>
                    <a href={`tel:${passenger.phone}`}>{passenger.phone}</a>
                    <span className="staff-muted">#{passenger.orderId}</span>
                    {passenger.paid ? null : <span className="mark mark-pending">{texts["dispatch.unpaid"]}</span>}
                    {passenger.needs.map((need) => (
                      <span key={need} className="mark" data-need={need}>
                        {texts[`need.${need}`]}
                      </span>
                    ))}
                    <select
                      aria-label={`${texts["dispatch.move_to"]}: ${passenger.name}`}
                      value=""
                      disabled={busy}
                      onChange={(event) => event.target.value && onChange((on) => api("POST /shop-api/staff/dispatch/move-group", { body: { ...on, passengerId: passenger.passengerId, toRunId: target(event.target.value) } }))}
                    >
                      {moveTargets}
                    </select>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

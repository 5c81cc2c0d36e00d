/**
 * The driver's phone (/staff/driver): the runs given to the driver, each stop in order with its time, address,
 * navigation links (`geo:` and a maps address) and its passengers to call, tick on board or mark as no-show, a
 * ticket to scan (the door scanner's camera) or paste, and "next stop", which texts that stop's passengers. It keeps working without network:
 * the runs stay on the phone, and every action is kept with a nonce and sent (once) when the network returns.
 */
import { useCallback, useEffect, useState } from "react";
import { api, ApiFailure } from "../../../client/api";
import { formatTime } from "../../../shared/format/dates";
import type { DriverAction } from "../../../shared/domain/dispatch";
import type { DriverRun } from "../../../shared/schemas/answers/dispatch";
import type { DriverActionInput } from "../../../shared/schemas/dispatch";
import { scannedOrderId } from "../../../shared/tickets/ticket-code";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import { CameraView } from "../scanner/CameraView";
import { newNonce } from "../scanner/offline-store";
import { useOnline } from "../scanner/use-online";
import type { SectionProps } from "../section-props";
import type { StaffTexts } from "../texts";
import { addPending, loadRuns, pendingActions, removePending, saveRuns } from "./driver-store";
import "./driver.css";
import { LEG } from "../../../shared/domain/legs";

const isNetworkFailure = (error: unknown) => error instanceof ApiFailure && (error.code === "network_error" || error.status === 0);

/** The run as the phone shows it after an action, before the shop has answered. */
function applyLocally(runs: DriverRun[], action: DriverActionInput): DriverRun[] {
  return runs.map((run) => {
    if (run.id !== action.runId) return run;
    if (action.action === "next_stop") return { ...run, heading: action.stopPosition ?? run.heading };
    const state = action.action === "check_in" ? "boarded" : "no_show";
    const orderId = action.qr ? scannedOrderId(action.qr) : null;
    return {
      ...run,
      stops: run.stops.map((stop) => ({
        ...stop,
        passengers: stop.passengers.map((one) => (one.passengerId === action.passengerId || (orderId !== null && one.orderId === orderId) ? { ...one, state } : one)),
      })),
    };
  });
}

export default function DriverSection({ texts }: SectionProps) {
  const online = useOnline();
  const [runs, setRuns] = useState<DriverRun[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [queued, setQueued] = useState(0);

  const flush = useCallback(async () => {
    const pending = await pendingActions();
    setQueued(pending.length);
    if (pending.length === 0) return;
    try {
      const answer = await api("POST /shop-api/driver/actions", { body: { actions: pending } });
      await removePending(answer.results.map((result) => result.nonce));
      for (const result of answer.results) {
        if (result.outcome === "refused") showToast("error", result.code ?? texts["runs.action_error"]);
        else if (result.notified) showToast("success", fill(texts["manifests.notified"], { count: result.notified }));
      }
      setQueued((await pendingActions()).length);
    } catch (error) {
      if (!isNetworkFailure(error)) showToast("error", error instanceof ApiFailure && error.message ? error.message : texts["runs.action_error"]);
    }
  }, [texts]);

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        await flush();
        const fresh = await api("GET /shop-api/driver/runs");
        await saveRuns(fresh);
        if (live) setRuns(fresh);
      } catch {
        const kept = await loadRuns().catch(() => undefined);
        if (!live) return;
        if (kept) setRuns(kept);
        else setFailed(true);
      }
      if (live) setQueued((await pendingActions()).length);
    })();
    return () => {
      live = false;
    };
  }, [flush]);

  useEffect(() => {
    if (online) void flush();
  }, [online, flush]);

  async function act(run: DriverRun, action: DriverAction, details: Pick<DriverActionInput, "passengerId" | "stopPosition" | "qr">) {
    const input: DriverActionInput = { nonce: newNonce(), runId: run.id, action, at: new Date().toISOString(), ...details };
    const next = applyLocally(runs ?? [], input);
    setRuns(next);
    await saveRuns(next);
    await addPending(input);
    setQueued((count) => count + 1);
    if (navigator.onLine) await flush();
  }

  if (failed) return <p className="empty-text">{texts["driver.load_error"]}</p>;
  if (!runs) return <div className="spinner" role="status" aria-label={texts["staff.loading"]} />;

  const run = runs.find((one) => one.id === chosen) ?? runs[0];
  return (
    <div className="staff-driver">
      <h2 className="staff-heading">{texts["driver.title"]}</h2>
      {!online ? (
        <p className="driver-offline" role="status">
          {texts["driver.offline"]}
        </p>
      ) : null}
      {queued > 0 ? (
        <p className="driver-queued" role="status" data-testid="driver-queued">
          {fill(texts["driver.queued"], { count: queued })}
        </p>
      ) : null}
      {runs.length === 0 || !run ? (
        <p className="empty-text">{texts["driver.none"]}</p>
      ) : (
        <>
          {runs.length > 1 ? (
            <label className="driver-pick">
              {texts["driver.title"]}
              <select value={run.id} onChange={(event) => setChosen(Number(event.target.value))}>
                {runs.map((one) => (
                  <option key={one.id} value={one.id}>
                    {one.eventName} · {texts[one.leg === LEG.outbound ? "dispatch.leg.outbound" : "dispatch.leg.return"]} · {formatTime(one.departsAt, one.timeZone)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <RunView run={run} texts={texts} onAct={(action, details) => void act(run, action, details)} />
        </>
      )}
    </div>
  );
}

function RunView({ run, texts, onAct }: { run: DriverRun; texts: StaffTexts; onAct(action: DriverAction, details: Pick<DriverActionInput, "passengerId" | "stopPosition" | "qr">): void }) {
  const [code, setCode] = useState("");
  const [camera, setCamera] = useState(false);
  return (
    <article className="driver-run" data-run={run.id}>
      <header>
        <h3>
          {run.eventName} · {texts[run.leg === LEG.outbound ? "dispatch.leg.outbound" : "dispatch.leg.return"]}
        </h3>
        <p className="staff-muted">
          {fill(texts["driver.departs"], { time: formatTime(run.departsAt, run.timeZone) })}
          {run.vehicle ? ` · ${fill(texts["driver.vehicle"], { plate: run.vehicle.plate })}` : ""}
        </p>
      </header>
      <form
        className="driver-scan"
        onSubmit={(event) => {
          event.preventDefault();
          if (!code.trim()) return;
          onAct("check_in", { qr: code.trim() });
          setCode("");
        }}
      >
        <label>
          {texts["driver.scan"]}
          <input type="text" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" />
        </label>
        <button type="submit" className="btn btn-secondary btn-small">
          {texts["driver.scan_button"]}
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setCamera((on) => !on)}>
          {camera ? texts["driver.camera.stop"] : texts["driver.camera.start"]}
        </button>
      </form>
      {camera ? (
        <CameraView
          label={texts["driver.camera.label"]}
          startingText={texts["driver.camera.starting"]}
          onScan={(text) => {
            setCamera(false);
            onAct("check_in", { qr: text });
          }}
          onUnavailable={() => setCamera(false)}
        />
      ) : null}
      <ol className="driver-stops">
        {run.stops.map((stop) => (
          <li key={stop.position} className={`driver-stop${run.heading === stop.position ? " driver-stop-heading" : ""}`} data-stop={stop.position}>
            <div className="driver-stop-head">
              <strong className="driver-time">{formatTime(stop.time, run.timeZone)}</strong>
              <span>{stop.address}</span>
              {run.heading === stop.position ? <span className="mark">{texts["driver.heading"]}</span> : null}
            </div>
            <div className="driver-stop-tools">
              <a className="btn btn-ghost btn-small" href={stop.navigation.geo}>
                {texts["driver.navigate"]}
              </a>
              <a className="btn btn-ghost btn-small" href={stop.navigation.maps} target="_blank" rel="noopener noreferrer">
                {texts["driver.maps"]}
              </a>
              <button type="button" className="btn btn-primary btn-small" onClick={() => onAct("next_stop", { stopPosition: stop.position })} aria-label={`${texts["driver.next_stop"]}: ${stop.address}`}>
                {texts["driver.next_stop"]}
              </button>
            </div>
            <ul className="driver-passengers">
              {stop.passengers.map((passenger) => (
                <li key={passenger.passengerId} data-passenger={passenger.passengerId} data-state={passenger.state}>
                  <label className="driver-board">
                    <input type="checkbox" checked={passenger.state === "boarded"} disabled={passenger.state === "boarded"} onChange={() => onAct("check_in", { passengerId: passenger.passengerId })} />
                    <span>{passenger.name}</span>
                  </label>
                  <span className={`mark ${passenger.state === "boarded" ? "mark-boarded" : passenger.state === "no_show" ? "mark-pending" : ""}`}>{texts[`driver.state.${passenger.state}`]}</span>
                  {passenger.paid ? null : <span className="mark mark-pending">{texts["driver.unpaid"]}</span>}
                  <a href={`tel:${passenger.phone}`}>
                    <span className="sr-only">{fill(texts["driver.call"], { name: passenger.name })}: </span>
                    {passenger.phone}
                  </a>
                  {passenger.state === "waiting" ? (
                    <button type="button" className="btn btn-ghost btn-small" onClick={() => onAct("no_show", { passengerId: passenger.passengerId })} aria-label={`${texts["driver.no_show"]}: ${passenger.name}`}>
                      {texts["driver.no_show"]}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </article>
  );
}

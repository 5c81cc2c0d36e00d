/**
 * The driver's phone (/staff/driver): the runs given to the driver, each stop in order with its time, address,
 * navigation links (`geo:` and a maps address) and its passengers to call, tick on board or mark as no-show, a
 * ticket to scan (the door scanner's camera) or paste, "next stop", which texts that stop's passengers, and "at the
 * stop", which starts the wait after which a passenger who did not come may be marked as a no-show. While a run is
 * under way the phone shares the van's position (position-sharing.ts), with an indicator and a switch. It is an
 * installable web app that opens without network (driver-worker.ts): the runs stay on the phone, and every action
 * is kept with a nonce and sent (once) when the network returns.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { api, ApiFailure } from "../../../client/api";
import { formatTime } from "../../../shared/format/dates";
import { DRIVER_ACTION, DRIVER_OUTCOME, MAX_DRIVER_ACTIONS_PER_CALL, type DriverAction, PASSENGER_STATE } from "../../../shared/domain/dispatch";
import type { DriverRun } from "../../../shared/schemas/answers/dispatch";
import type { DriverActionInput } from "../../../shared/schemas/dispatch";
import { parseTicketCode } from "../../../shared/tickets/ticket-code";
import { ConfirmDialog } from "../ConfirmDialog";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import { formatMessage } from "../../ui/format-message";
import { CameraView } from "../scanner/CameraView";
import { newNonce } from "../scanner/offline-store";
import { useOnline } from "../scanner/use-online";
import type { SectionProps } from "../section-props";
import type { Locale } from "../../../shared/locales";
import type { StaffTexts } from "../texts";
import { addPending, loadRuns, pendingActions, removePending, saveRuns } from "./driver-store";
import { installDriverApp } from "./driver-worker";
import { usePositionSharing, type Sharing } from "./position-sharing";
import "./driver.css";
import { LEG } from "../../../shared/domain/legs";

/** How often the runs are read again while online. */
const REFRESH_MS = 60_000;

const isNetworkFailure = (error: unknown) => error instanceof ApiFailure && (error.code === "network_error" || error.status === 0);

/** The run as the phone shows it after an action, before the shop has answered. */
function applyLocally(runs: DriverRun[], action: DriverActionInput): DriverRun[] {
  return runs.map((run) => {
    if (run.id !== action.runId) return run;
    if (action.action === DRIVER_ACTION.next_stop) return { ...run, heading: action.stopPosition ?? run.heading };
    if (action.action === DRIVER_ACTION.arrived)
      return { ...run, stops: run.stops.map((stop) => (stop.position === action.stopPosition && !stop.arrivedAt ? { ...stop, arrivedAt: action.at } : stop)) };
    const state = action.action === DRIVER_ACTION.check_in ? PASSENGER_STATE.boarded : PASSENGER_STATE.noShow;
    // A passenger's code boards that passenger alone; the order's code the order's passengers of this run.
    const code = action.qr ? parseTicketCode(action.qr) : null;
    const boards = (one: { passengerId: number; orderId: number }) =>
      one.passengerId === action.passengerId || (code !== null && (code.passenger ? code.passenger.passengerId === one.passengerId : code.orderId === one.orderId));
    return {
      ...run,
      stops: run.stops.map((stop) => ({
        ...stop,
        passengers: stop.passengers.map((one) => (boards(one) ? { ...one, state } : one)),
      })),
    };
  });
}

/** A refused action in words: the refusal's own message when the staff area has it, else a general one. */
function refusal(texts: StaffTexts, locale: Locale, code: string | undefined, waitMinutes: number, params: Record<string, string | number> = {}): string {
  const key = `errors.${code ?? ""}`;
  return key in texts ? formatMessage(locale, texts[key as keyof StaffTexts], { minutes: waitMinutes, ...params }) : texts["staff_day.action_error"];
}

/** The runs as the shop answered, with what the phone still has to send applied on top (an answer kept offline may predate it). */
async function withPending(runs: DriverRun[]): Promise<DriverRun[]> {
  return (await pendingActions()).reduce(applyLocally, runs);
}

/** Ticks every second while `until` is ahead; answers the milliseconds left (0 once it passed). */
function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null || until <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, until - now);
}

export default function DriverSection({ texts, prefix, locale }: SectionProps) {
  const online = useOnline();
  const [runs, setRuns] = useState<DriverRun[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [queued, setQueued] = useState(0);
  // The shop's wait before a no-show (the same for every run), for the words of a refusal.
  const waitMinutes = useRef(3);
  waitMinutes.current = runs?.[0]?.noShowWaitMinutes ?? waitMinutes.current;

  const [far, setFar] = useState<{ runId: number; passengerId: number; message: string } | null>(null);
  // The runs read again as the shop has them (no flush: called from within one).
  const reread = useRef(async () => {
    const fresh = await withPending(await api("GET /shop-api/driver/runs"));
    await saveRuns(fresh);
    setRuns(fresh);
  });

  const flush = useCallback(async () => {
    let pending = await pendingActions();
    setQueued(pending.length);
    try {
      let refused = false;
      // In the order they were taken, at most MAX_DRIVER_ACTIONS_PER_CALL a call: a long offline queue goes in several.
      while (pending.length > 0) {
        const batch = pending.slice(0, MAX_DRIVER_ACTIONS_PER_CALL);
        const answer = await api("POST /shop-api/driver/actions", { body: { actions: batch } });
        await removePending(answer.results.map((result) => result.nonce));
        for (const result of answer.results) {
          const sent = batch.find((one) => one.nonce === result.nonce);
          // Far from the stop: the driver may confirm they waited there (the shop audits it), not merely be told.
          if (result.code === "no_show_far_from_stop" && sent?.passengerId !== undefined) setFar({ runId: sent.runId, passengerId: sent.passengerId, message: refusal(texts, locale, result.code, waitMinutes.current, result.params) });
          else if (result.outcome === DRIVER_OUTCOME.refused) showToast("error", refusal(texts, locale, result.code, waitMinutes.current, result.params));
          else if (result.code) showToast("info", refusal(texts, locale, result.code, waitMinutes.current, result.params));
          else if (result.notified) showToast("success", fill(texts["manifests.notified"], { count: result.notified }));
        }
        refused ||= answer.results.some((result) => result.outcome === DRIVER_OUTCOME.refused);
        const left = await pendingActions();
        setQueued(left.length);
        // Nothing was taken off the queue: stop here rather than send the same calls again.
        if (left.length >= pending.length) break;
        pending = left;
      }
      // What the phone showed before the answer may be wrong now (a refused boarding): read the runs again.
      if (refused) await reread.current();
    } catch (error) {
      if (!isNetworkFailure(error)) showToast("error", error instanceof ApiFailure && error.message ? error.message : texts["staff_day.action_error"]);
    }
  }, [texts, locale]);

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        await flush();
        const fresh = await withPending(await api("GET /shop-api/driver/runs"));
        await saveRuns(fresh);
        if (live) setRuns(fresh);
      } catch {
        const kept = await loadRuns().catch(() => undefined);
        if (!live) return;
        if (kept) setRuns(await withPending(kept));
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

  /** The runs again from the shop (through the service worker, which keeps the answer for a reload offline). */
  const refresh = useCallback(async () => {
    try {
      await flush();
      const fresh = await withPending(await api("GET /shop-api/driver/runs"));
      await saveRuns(fresh);
      setRuns(fresh);
    } catch {
      // Offline: the phone keeps what it shows.
    }
  }, [flush]);

  useEffect(() => {
    void installDriverApp(prefix).then(refresh);
  }, [prefix, refresh]);

  // A run changes while the driver drives it (a passenger added, a time moved): read again every minute online.
  useEffect(() => {
    if (!online) return;
    const timer = window.setInterval(() => void refresh(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [online, refresh]);
  const sharing = usePositionSharing(runs);

  async function act(run: DriverRun, action: DriverAction, details: Pick<DriverActionInput, "passengerId" | "stopPosition" | "qr" | "override">) {
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
      <SharingBar sharing={sharing} texts={texts} locale={locale} />
      {far ? (
        <ConfirmDialog
          title={texts["driver.no_show_confirm_title"]}
          consequence={far.message}
          confirmLabel={texts["driver.no_show_confirm"]}
          texts={texts}
          onClose={() => setFar(null)}
          onConfirm={async () => {
            const target = runs.find((one) => one.id === far.runId);
            setFar(null);
            if (target) await act(target, DRIVER_ACTION.no_show, { passengerId: far.passengerId, override: true });
          }}
        />
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
          onAct(DRIVER_ACTION.check_in, { qr: code.trim() });
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
            onAct(DRIVER_ACTION.check_in, { qr: text });
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
              <button type="button" className="btn btn-primary btn-small" onClick={() => onAct(DRIVER_ACTION.next_stop, { stopPosition: stop.position })} aria-label={`${texts["driver.next_stop"]}: ${stop.address}`}>
                {texts["driver.next_stop"]}
              </button>
              {stop.arrivedAt ? null : (
                <button type="button" className="btn btn-secondary btn-small" onClick={() => onAct(DRIVER_ACTION.arrived, { stopPosition: stop.position })} aria-label={`${texts["driver.arrived"]}: ${stop.address}`}>
                  {texts["driver.arrived"]}
                </button>
              )}
            </div>
            <StopWait arrivedAt={stop.arrivedAt} waitMinutes={run.noShowWaitMinutes} timeZone={run.timeZone} texts={texts} />
            <ul className="driver-passengers">
              {stop.passengers.map((passenger) => (
                <li key={passenger.passengerId} data-passenger={passenger.passengerId} data-state={passenger.state}>
                  <label className="driver-board">
                    <input type="checkbox" checked={passenger.state === PASSENGER_STATE.boarded} disabled={passenger.state === PASSENGER_STATE.boarded} onChange={() => onAct(DRIVER_ACTION.check_in, { passengerId: passenger.passengerId })} />
                    <span>{passenger.name}</span>
                  </label>
                  <span className={`mark ${passenger.state === PASSENGER_STATE.boarded ? "mark-boarded" : passenger.state === PASSENGER_STATE.noShow ? "mark-pending" : ""}`}>{texts[`driver.state.${passenger.state}`]}</span>
                  {passenger.paid ? null : <span className="mark mark-pending">{texts["driver.unpaid"]}</span>}
                  {(passenger.needs ?? []).map((need) => (
                    <span key={need} className="mark" data-need={need}>
                      {texts[`need.${need}`]}
                    </span>
                  ))}
                  <a href={`tel:${passenger.phone}`}>
                    <span className="sr-only">{fill(texts["driver.call"], { name: passenger.name })}: </span>
                    {passenger.phone}
                  </a>
                  {passenger.state === PASSENGER_STATE.waiting ? (
                    <NoShowButton arrivedAt={stop.arrivedAt} waitMinutes={run.noShowWaitMinutes} label={`${texts["driver.no_show"]}: ${passenger.name}`} text={texts["driver.no_show"]} onClick={() => onAct(DRIVER_ACTION.no_show, { passengerId: passenger.passengerId })} />
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

const waitEnd = (arrivedAt: string | null, waitMinutes: number) => (arrivedAt ? Date.parse(arrivedAt) + waitMinutes * 60_000 : null);
const clock = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/** Since when the van is at the stop, and the wait left before a no-show may be marked. */
function StopWait({ arrivedAt, waitMinutes, timeZone, texts }: { arrivedAt: string | null; waitMinutes: number; timeZone: string; texts: StaffTexts }) {
  const left = useCountdown(waitEnd(arrivedAt, waitMinutes));
  if (!arrivedAt) return null;
  return (
    <p className="driver-wait" data-testid="driver-wait">
      {fill(texts["driver.arrived_at"], { time: formatTime(arrivedAt, timeZone) })} ·{" "}
      {left > 0 ? <span>{fill(texts["driver.wait"], { time: clock(left) })}</span> : <strong>{texts["driver.wait_over"]}</strong>}
    </p>
  );
}

/** "No show", usable once the van has waited at the stop (the shop refuses it before too). */
function NoShowButton({ arrivedAt, waitMinutes, label, text, onClick }: { arrivedAt: string | null; waitMinutes: number; label: string; text: string; onClick(): void }) {
  const end = waitEnd(arrivedAt, waitMinutes);
  const left = useCountdown(end);
  return (
    <button type="button" className="btn btn-ghost btn-small" disabled={end === null || left > 0} onClick={onClick} aria-label={label}>
      {text}
    </button>
  );
}

/** Whether the van's position is being shared, what waits to be sent, and the switch to stop (or resume) sharing. */
function SharingBar({ sharing, texts, locale }: { sharing: Sharing; texts: StaffTexts; locale: Locale }) {
  const id = useId();
  const state = sharing.run ? "on" : "off";
  return (
    <div className={`driver-sharing driver-sharing-${state}`} data-testid="driver-sharing" data-state={state}>
      <p role="status">
        <span className="driver-sharing-dot" aria-hidden="true" />
        {sharing.denied ? texts["driver.sharing.denied"] : sharing.run ? texts["driver.sharing.on"] : sharing.underWay ? texts["driver.sharing.off"] : texts["driver.sharing.idle"]}
        {sharing.pending > 0 ? ` · ${formatMessage(locale, texts["driver.sharing.pending"], { count: sharing.pending })}` : ""}
      </p>
      <label htmlFor={id} className="driver-sharing-switch">
        <input id={id} type="checkbox" role="switch" checked={sharing.on} onChange={(event) => sharing.setOn(event.target.checked)} />
        {texts["driver.sharing.label"]}
      </label>
    </div>
  );
}

/**
 * The van door's ticket scanner: waiting for a scan, the scan result stored,
 * "validate" makes the check, the result screen, "Escanear otro código" back to waiting. Codes come from the
 * camera, typed or pasted text, or a photo. Scanned data without orderId or a refused check shows the
 * "EVENTO INVALIDO" toast for 4 s with the reason. Without network the door checks signatures itself
 * (door-check.ts) and keeps the scans for the sync when the network is back.
 */
import { LEG, LEGS } from "../../../shared/domain/legs";
import { useCallback, useEffect, useId, useRef, useState, type SyntheticEvent } from "react";
import { api } from "../../../client/api";
import { timeZoneOf } from "../../../shared/format/dates";
import { scannedTextSchema, type CheckInLeg } from "../../../shared/schemas/checkin";
import { scannedOrderId } from "../../../shared/tickets/ticket-code";
import { showToast, SHORT_TOAST_MS } from "../../../stores/toasts";
import { fill, messageOf } from "../../ui/texts";
import type { SectionProps } from "../section-props";
import { CameraView } from "./CameraView";
import { checkOffline, checkOnline, DoorRefusal, isNetworkFailure, syncPending, type DoorResult } from "./door-check";
import { ManifestPanel } from "./ManifestPanel";
import { pendingCheckIns, saveKey } from "./offline-store";
import { readPhoto } from "./qr-reader";
import { ResultCard } from "./ResultCard";
import { useOnline } from "./use-online";
import "./scanner.css";

type Phase = { name: "waiting" } | { name: "scanned" | "checking"; qr: string; orderId: number } | { name: "result"; result: DoorResult };

const LEG_KEY = "rodamos.door.leg";
const storedLeg = (): CheckInLeg => (localStorage.getItem(LEG_KEY) === LEG.return ? LEG.return : LEG.outbound);

export default function ScannerSection({ texts, me }: SectionProps) {
  const ids = { typed: useId(), typedError: useId(), photo: useId(), photoReader: `door-photo-${useId().replace(/[^a-zA-Z0-9]/g, "")}` };
  const timeZone = timeZoneOf(me.countryCode);
  const online = useOnline();
  const [phase, setPhase] = useState<Phase>({ name: "waiting" });
  const [leg, setLeg] = useState<CheckInLeg>(storedLeg);
  const [camera, setCamera] = useState<"off" | "on" | "missing">("off");
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | undefined>();
  const [pending, setPending] = useState(0);
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const lastRefused = useRef({ text: "", at: 0 });
  const staffName = `${me.firstName} ${me.lastName}`.trim();

  const refuse = useCallback(
    (reason?: string) => showToast("error", reason ? `${texts["scanner.invalid_event"]}: ${reason}` : texts["scanner.invalid_event"], SHORT_TOAST_MS),
    [texts],
  );

  const countPending = useCallback(() => pendingCheckIns().then((list) => setPending(list.length)), []);

  // Back online: send what the door kept, and take the current ticket key along for the next outage.
  useEffect(() => {
    void countPending();
    if (!online) return;
    api("GET /shop-api/staff/ticket-key").then(saveKey).catch(() => undefined);
    syncPending()
      .then((sent) => {
        if (sent > 0) showToast("success", fill(texts["scanner.offline.synced"], { count: sent }), SHORT_TOAST_MS);
      })
      .catch(() => undefined)
      .finally(() => void countPending());
  }, [online, countPending, texts]);

  const received = useCallback(
    (raw: string) => {
      if (phaseRef.current.name !== "waiting") return;
      const qr = raw.trim();
      const orderId = scannedOrderId(qr);
      if (orderId === null) {
        // The camera reads the same bad code several times a second: one toast per code while it stays in view.
        const now = Date.now();
        if (lastRefused.current.text === qr && now - lastRefused.current.at < SHORT_TOAST_MS) return;
        lastRefused.current = { text: qr, at: now };
        refuse();
        return;
      }
      setPhase({ name: "scanned", qr, orderId });
    },
    [refuse],
  );

  function chooseLeg(next: CheckInLeg) {
    setLeg(next);
    localStorage.setItem(LEG_KEY, next);
  }

  async function validate() {
    if (phase.name !== "scanned") return;
    const { qr, orderId } = phase;
    setPhase({ name: "checking", qr, orderId });
    try {
      let result: DoorResult;
      if (!navigator.onLine) result = await checkOffline(qr, leg, staffName);
      else {
        try {
          result = await checkOnline(orderId, qr, leg);
        } catch (error) {
          if (!isNetworkFailure(error)) throw error;
          result = await checkOffline(qr, leg, staffName);
        }
      }
      setPhase({ name: "result", result });
      void countPending();
    } catch (error) {
      if (error instanceof DoorRefusal) refuse("message" in error.reason ? error.reason.message : texts[error.reason.key]);
      else refuse();
      setPhase({ name: "waiting" });
    }
  }

  function submitTyped(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = scannedTextSchema.safeParse(typed);
    if (!parsed.success) {
      setTypedError(messageOf(texts, parsed.error.issues[0]?.message));
      return;
    }
    setTypedError(undefined);
    setTyped("");
    received(parsed.data);
  }

  async function pickPhoto(file: File | undefined) {
    if (!file) return;
    const text = await readPhoto(ids.photoReader, file);
    if (text === null) showToast("error", texts["scanner.photo_unreadable"], SHORT_TOAST_MS);
    else received(text);
  }

  return (
    <div className="door">
      <h2 className="staff-heading">{texts["scanner.title"]}</h2>
      {(!online || pending > 0) && (
        <div className={`door-offline${online ? "" : " door-offline-now"}`} role="status">
          {!online && <strong>{texts["scanner.offline.banner"]}</strong>}
          {pending > 0 && <span className="door-pending">{fill(texts["scanner.offline.pending"], { count: pending })}</span>}
        </div>
      )}

      <fieldset className="door-legs">
        <legend>{texts["scanner.leg.label"]}</legend>
        {LEGS.map((value) => (
          <label key={value} className="door-leg">
            <input type="radio" name="door-leg" value={value} checked={leg === value} onChange={() => chooseLeg(value)} />
            <span>{texts[value === LEG.outbound ? "scanner.leg.outbound" : "scanner.leg.return"]}</span>
          </label>
        ))}
      </fieldset>

      {phase.name === "waiting" && (
        <div className="door-waiting">
          <p className="door-state" role="status">
            {texts["scanner.waiting"]}
          </p>
          {camera === "on" ? (
            <>
              <CameraView label={texts["scanner.camera.label"]} startingText={texts["scanner.camera.starting"]} onScan={received} onUnavailable={() => setCamera("missing")} />
              <button type="button" className="btn btn-ghost" onClick={() => setCamera("off")}>
                {texts["scanner.camera.stop"]}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-primary door-camera-start" onClick={() => setCamera("on")}>
              {texts["scanner.camera.start"]}
            </button>
          )}
          {camera === "missing" && <p className="door-note">{texts["scanner.camera.unavailable"]}</p>}

          <form className="door-typed" onSubmit={submitTyped} noValidate>
            <label htmlFor={ids.typed}>{texts["scanner.typed.label"]}</label>
            <textarea
              id={ids.typed}
              rows={2}
              value={typed}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={typedError ? true : undefined}
              aria-describedby={typedError ? ids.typedError : undefined}
              placeholder={texts["scanner.typed.hint"]}
              onChange={(event) => setTyped(event.target.value)}
            />
            {typedError && (
              <p id={ids.typedError} className="door-error">
                {typedError}
              </p>
            )}
            <div className="door-typed-actions">
              <button type="submit" className="btn btn-secondary">
                {texts["scanner.typed.submit"]}
              </button>
              <label htmlFor={ids.photo} className="btn btn-ghost door-photo">
                {texts["scanner.photo"]}
              </label>
              <input
                id={ids.photo}
                className="sr-only"
                type="file"
                accept="image/*"
                onChange={(event) => {
                  void pickPhoto(event.target.files?.[0]);
                  event.target.value = "";
                }}
              />
            </div>
          </form>
          <div id={ids.photoReader} hidden />
        </div>
      )}

      {(phase.name === "scanned" || phase.name === "checking") && (
        <div className="door-scanned" role="status">
          <p className="door-state">{fill(texts["scanner.scanned"], { orderId: phase.orderId })}</p>
          <div className="door-scanned-actions">
            <button type="button" className="btn btn-primary door-validate" disabled={phase.name === "checking"} onClick={() => void validate()}>
              {phase.name === "checking" ? texts["scanner.validating"] : texts["scanner.validate"]}
            </button>
            <button type="button" className="btn btn-ghost" disabled={phase.name === "checking"} onClick={() => setPhase({ name: "waiting" })}>
              {texts["scanner.scan_another"]}
            </button>
          </div>
        </div>
      )}

      {phase.name === "result" && <ResultCard result={phase.result} texts={texts} timeZone={timeZone} onNext={() => setPhase({ name: "waiting" })} />}

      <ManifestPanel texts={texts} timeZone={timeZone} online={online} />
    </div>
  );
}

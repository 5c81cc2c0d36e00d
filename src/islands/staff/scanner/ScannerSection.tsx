/**
 * The van door's ticket scanner: waiting for a scan, the scan result stored,
 * "validate" makes the check, the result screen, "Escanear otro código" back to waiting. Codes come from the
 * camera, typed or pasted text, or a photo. Scanned data without orderId or a refused check shows the
 * "EVENTO INVALIDO" toast for 4 s with the reason. Without network the door checks signatures itself
 * (door-check.ts) and keeps the scans for the sync when the network is back. The door may work one event date:
 * then a ticket of another date is refused and the date's head count shows.
 */
import { LEG, LEGS } from "../../../shared/domain/legs";
import { useCallback, useEffect, useId, useRef, useState, type SyntheticEvent } from "react";
import { timeZoneOf } from "../../../shared/format/dates";
import { useEventClock } from "../../ui/reader-clock";
import { formatMessage } from "../../ui/format-message";
import { scannedTextSchema, type BoardingLeg } from "../../../shared/schemas/door";
import { scannedOrderId } from "../../../shared/tickets/ticket-code";
import { showToast, SHORT_TOAST_MS } from "../../../stores/toasts";
import { fill, messageOf } from "../../ui/texts";
import type { StaffTexts } from "../texts";
import type { SectionProps } from "../section-props";
import { CameraView } from "./CameraView";
import { checkOffline, checkOnline, DoorRefusal, isNetworkFailure, type DoorResult, type SyncConflict } from "./door-check";
import { installDoorWorker } from "./door-worker";
import { DoorStatus } from "./DoorStatus";
import { HeadCount } from "./HeadCount";
import { ManifestPanel } from "./ManifestPanel";
import { readPhoto } from "./qr-reader";
import { ResultCard, rideDate, type EventClock } from "./ResultCard";
import { useDoorSync } from "./use-door-sync";
import "./scanner.css";

type Phase = { name: "waiting" } | { name: "scanned" | "checking"; qr: string; orderId: number } | { name: "result"; result: DoorResult };

const LEG_KEY = "rodamos.door.leg";
const DATE_KEY = "rodamos.door.date";
const storedLeg = (): BoardingLeg => (localStorage.getItem(LEG_KEY) === LEG.return ? LEG.return : LEG.outbound);
const storedDate = (): number | null => Number(localStorage.getItem(DATE_KEY)) || null;

/** The words of a refusal: the shop's message, or the door's own in this locale. */
function refusalText(error: DoorRefusal, texts: StaffTexts, timeZone: string, clock: EventClock): string {
  const { reason } = error;
  if ("message" in reason) return reason.message;
  if (reason.key === "errors.wrong_date")
    return fill(texts["errors.wrong_date"], {
      date: rideDate(reason.date, reason.timeZone ?? timeZone, clock),
    });
  return texts[reason.key];
}

export default function ScannerSection({ texts, me, locale, prefix }: SectionProps) {
  const ids = {
    typed: useId(),
    typedError: useId(),
    photo: useId(),
    photoReader: `door-photo-${useId().replace(/[^a-zA-Z0-9]/g, "")}`,
  };
  // The door's own clock, read only where the shop has not said the event's (an old list kept on the device).
  const timeZone = timeZoneOf(me.countryCode);
  const clock = useEventClock(texts);
  const onSynced = useCallback(
    (sent: number, conflicts: SyncConflict[]) => {
      showToast("success", fill(texts["scanner.offline.synced"], { count: sent }), SHORT_TOAST_MS);
      if (conflicts.length)
        showToast(
          "error",
          formatMessage(locale, texts["scanner.conflicts.toast"], {
            count: conflicts.length,
          }),
        );
    },
    [texts, locale],
  );
  const door = useDoorSync(onSynced);
  const { online } = door;
  const [phase, setPhase] = useState<Phase>({ name: "waiting" });
  const [leg, setLeg] = useState<BoardingLeg>(storedLeg);
  const [workDateId, setWorkDateId] = useState<number | null>(storedDate);
  const [scans, setScans] = useState(0);
  const [camera, setCamera] = useState<"off" | "on" | "missing">("off");
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | undefined>();
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const lastRefused = useRef({ text: "", at: 0 });
  const staffName = `${me.firstName} ${me.lastName}`.trim();

  const refuse = useCallback(
    (reason?: string) => showToast("error", reason ? `${texts["scanner.invalid_event"]}: ${reason}` : texts["scanner.invalid_event"], SHORT_TOAST_MS),
    [texts],
  );

  // The scanner is an installable app that opens and scans without network once visited online.
  useEffect(() => installDoorWorker(prefix), [prefix]);

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

  function chooseLeg(next: BoardingLeg) {
    setLeg(next);
    localStorage.setItem(LEG_KEY, next);
  }

  function chooseDate(next: number | null) {
    setWorkDateId(next);
    if (next === null) localStorage.removeItem(DATE_KEY);
    else localStorage.setItem(DATE_KEY, String(next));
  }

  async function validate() {
    if (phase.name !== "scanned") return;
    const { qr, orderId } = phase;
    setPhase({ name: "checking", qr, orderId });
    try {
      let result: DoorResult;
      if (!navigator.onLine) result = await checkOffline(qr, leg, workDateId, staffName);
      else {
        try {
          result = await checkOnline(orderId, qr, leg, workDateId, staffName);
        } catch (error) {
          if (!isNetworkFailure(error)) throw error;
          result = await checkOffline(qr, leg, workDateId, staffName);
        }
      }
      setPhase({ name: "result", result });
      setScans((count) => count + 1);
      void door.reload();
    } catch (error) {
      if (error instanceof DoorRefusal) refuse(refusalText(error, texts, timeZone, clock));
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
      <DoorStatus texts={texts} locale={locale} online={online} pending={door.pending} listedAt={oldestList(door.manifests)} />

      <fieldset className="door-legs">
        <legend>{texts["scanner.leg.label"]}</legend>
        {LEGS.map((value) => (
          <label key={value} className="door-leg">
            <input type="radio" name="door-leg" value={value} checked={leg === value} onChange={() => chooseLeg(value)} />
            <span>{texts[value === LEG.outbound ? "scanner.leg.outbound" : "scanner.leg.return"]}</span>
          </label>
        ))}
      </fieldset>

      <HeadCount
        texts={texts}
        locale={locale}
        timeZone={timeZone}
        online={online}
        leg={leg}
        manifests={door.manifests}
        workDateId={workDateId}
        onWorkDate={chooseDate}
        scans={scans}
      />

      {phase.name === "waiting" && (
        <div className="door-waiting">
          <p className="door-state" role="status">
            {texts["scanner.waiting"]}
          </p>
          {camera === "on" ? (
            <>
              <CameraView
                label={texts["scanner.camera.label"]}
                startingText={texts["scanner.camera.starting"]}
                onScan={received}
                onUnavailable={() => setCamera("missing")}
              />
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

      {phase.name === "result" && (
        <ResultCard result={phase.result} texts={texts} locale={locale} timeZone={timeZone} onNext={() => setPhase({ name: "waiting" })} />
      )}

      {door.conflicts.length > 0 && (
        <section className="door-conflicts" aria-labelledby="door-conflicts-title">
          <h3 id="door-conflicts-title">{texts["scanner.conflicts.heading"]}</h3>
          <ul>
            {door.conflicts.map((conflict) => (
              <li key={`${conflict.passengerId}-${conflict.leg}-${conflict.other.at}`}>
                {fill(texts["scanner.conflicts.line"], {
                  name: conflict.name,
                  kept: `${clock(conflict.kept.at, conflict.timeZone)} (${conflict.kept.staffName ?? texts["scanner.unknown_staff"]})`,
                  other: `${clock(conflict.other.at, conflict.timeZone)} (${conflict.other.staffName ?? texts["scanner.unknown_staff"]})`,
                })}
              </li>
            ))}
          </ul>
        </section>
      )}

      <ManifestPanel
        texts={texts}
        locale={locale}
        timeZone={timeZone}
        online={online}
        manifests={door.manifests}
        download={(dates) => door.refresh(dates)}
        onChange={() => void door.reload()}
      />
    </div>
  );
}

/** When the oldest list on the device was downloaded: the age the status shows. */
function oldestList(manifests: readonly { generatedAt: string }[]): string | null {
  return manifests.reduce<string | null>((oldest, manifest) => (oldest === null || manifest.generatedAt < oldest ? manifest.generatedAt : oldest), null);
}

/**
 * Taking event dates along for a van door that may lose the network: every upcoming date the staff member picks
 * is downloaded with each passenger's check-ins at that moment (and downloaded again in the background while
 * online); the lists on the device are listed and can be dropped.
 */
import { useEffect, useId, useState } from "react";
import { api } from "../../../client/api";
import type { AnswerOf } from "../../../shared/api/contract";
import { useEventClock } from "../../ui/reader-clock";
import { formatMessage } from "../../ui/format-message";
import type { Locale } from "../../../shared/locales";
import type { OfflineManifest } from "../../../shared/schemas/answers/door";
import type { StaffTexts } from "../texts";
import { removeManifest } from "./offline-store";
import { ORDER_STATE } from "../../../shared/domain/order-states";

interface Props {
  texts: StaffTexts;
  locale: Locale;
  timeZone: string;
  online: boolean;
  manifests: OfflineManifest[];
  /** Downloads these dates' lists (and keeps them fresh). */
  download: (eventDateIds: number[]) => Promise<void>;
  onChange: () => void;
}

export function ManifestPanel({ texts, locale, timeZone, online, manifests, download, onChange }: Props) {
  const legendId = useId();
  const clock = useEventClock(texts);
  const [dates, setDates] = useState<AnswerOf<"GET /shop-api/staff/checkin-dates"> | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!online || dates) return;
    api("GET /shop-api/staff/checkin-dates")
      .then(setDates)
      .catch(() => setDates(null));
  }, [online, dates]);

  function toggle(eventDateId: number, on: boolean) {
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(eventDateId);
      else next.delete(eventDateId);
      return next;
    });
  }

  async function downloadPicked() {
    setBusy(true);
    setFailed(false);
    try {
      await download([...picked]);
      setPicked(new Set());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="door-manifest">
      <summary>{texts["scanner.manifest.heading"]}</summary>
      {manifests.length === 0 ? (
        <p role="status">{texts["scanner.manifest.none"]}</p>
      ) : (
        <ul className="door-manifest-saved" role="status">
          {manifests.map((manifest) => (
            <li key={manifest.eventDateId}>
              {formatMessage(locale, texts["scanner.manifest.saved"], {
                event: manifest.event.name,
                date: clock(manifest.date, manifest.timeZone ?? timeZone),
                count: manifest.orders.filter((order) => order.state === ORDER_STATE.paid).length,
              })}
            </li>
          ))}
        </ul>
      )}
      {dates && dates.length === 0 && <p>{texts["scanner.manifest.no_dates"]}</p>}
      {dates && dates.length > 0 && (
        <div className="door-manifest-form">
          <fieldset aria-labelledby={legendId}>
            <legend id={legendId}>{texts["scanner.manifest.pick"]}</legend>
            {dates.map((date) => {
              const saved = manifests.some((manifest) => manifest.eventDateId === date.eventDateId);
              return (
                <label key={date.eventDateId} className="door-manifest-date">
                  <input
                    type="checkbox"
                    checked={saved || picked.has(date.eventDateId)}
                    onChange={(event) => {
                      if (saved && !event.target.checked) void removeManifest(date.eventDateId).then(onChange);
                      else toggle(date.eventDateId, event.target.checked);
                    }}
                  />
                  <span>{`${clock(date.date, date.timeZone ?? timeZone)} · ${date.eventName} (${date.paidOrders})`}</span>
                </label>
              );
            })}
          </fieldset>
          <button type="button" className="btn btn-secondary" disabled={!online || busy || picked.size === 0} onClick={() => void downloadPicked()}>
            {texts["scanner.manifest.load_all"]}
          </button>
        </div>
      )}
      {failed && <p role="alert">{texts["scanner.manifest.failed"]}</p>}
    </details>
  );
}

/** Taking one event date's paid orders along, for a van door that may lose the network. */
import { useEffect, useId, useState } from "react";
import { api } from "../../../client/api";
import type { AnswerOf } from "../../../shared/api/routes";
import { formatDateTime } from "../../../shared/format/dates";
import { fill } from "../../ui/texts";
import type { StaffTexts } from "../texts";
import { loadManifest, saveManifest } from "./offline-store";

interface Props {
  texts: StaffTexts;
  timeZone: string;
  online: boolean;
}

type Saved = { event: string; date: string; count: number };

export function ManifestPanel({ texts, timeZone, online }: Props) {
  const selectId = useId();
  const [dates, setDates] = useState<AnswerOf<"GET /shop-api/staff/checkin-dates"> | null>(null);
  const [chosen, setChosen] = useState("");
  const [saved, setSaved] = useState<Saved | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    void loadManifest().then((manifest) => {
      if (manifest) setSaved({ event: manifest.event.name, date: formatDateTime(manifest.date, timeZone), count: manifest.orders.length });
    });
  }, [timeZone]);

  useEffect(() => {
    if (!online || dates) return;
    api("GET /shop-api/staff/checkin-dates")
      .then((list) => {
        setDates(list);
        setChosen((current) => current || String(list[0]?.eventDateId ?? ""));
      })
      .catch(() => setDates(null));
  }, [online, dates]);

  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      const manifest = await api("GET /shop-api/staff/checkin-manifest", { query: { eventDateId: chosen } });
      await saveManifest(manifest);
      setSaved({ event: manifest.event.name, date: formatDateTime(manifest.date, timeZone), count: manifest.orders.length });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="door-manifest">
      <summary>{texts["scanner.manifest.heading"]}</summary>
      <p role="status">{saved ? fill(texts["scanner.manifest.loaded"], saved) : texts["scanner.manifest.none"]}</p>
      {dates && dates.length === 0 && <p>{texts["scanner.manifest.no_dates"]}</p>}
      {dates && dates.length > 0 && (
        <div className="door-manifest-form">
          <label htmlFor={selectId}>{texts["scanner.manifest.date"]}</label>
          <select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            {dates.map((date) => (
              <option key={date.eventDateId} value={date.eventDateId}>
                {`${formatDateTime(date.date, timeZone)} · ${date.eventName} (${date.paidOrders})`}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-secondary" disabled={!online || busy || !chosen} onClick={() => void download()}>
            {texts["scanner.manifest.load"]}
          </button>
        </div>
      )}
      {failed && <p role="alert">{texts["scanner.manifest.failed"]}</p>}
    </details>
  );
}

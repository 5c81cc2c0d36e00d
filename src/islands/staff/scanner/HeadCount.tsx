/**
 * The date this door works and how many of its paid passengers are on board on the chosen leg ("32 de 45 a
 * bordo"): from the shop while online, from the downloaded list and this device's scans without network. With a
 * date chosen, a ticket of another date is refused.
 */
import { useEffect, useId, useState } from "react";
import { api } from "../../../client/api";
import type { AnswerOf } from "../../../shared/api/contract";
import type { Leg } from "../../../shared/domain/legs";
import { useEventClock } from "../../ui/reader-clock";
import { formatMessage } from "../../ui/format-message";
import type { Locale } from "../../../shared/locales";
import type { OfflineManifest } from "../../../shared/schemas/answers/door";
import type { StaffTexts } from "../texts";
import { offlineCount } from "./offline-check";
import { deviceScans } from "./offline-store";

interface Props {
  texts: StaffTexts;
  locale: Locale;
  timeZone: string;
  online: boolean;
  leg: Leg;
  manifests: OfflineManifest[];
  workDateId: number | null;
  onWorkDate: (eventDateId: number | null) => void;
  /** Changes after every scan, so the count is read again. */
  scans: number;
}

/** `timeZone`: the event's clock, absent from lists a door kept from before (the door's own is read then). */
type DateOption = { eventDateId: number; date: string; eventName: string; timeZone?: string | undefined };

export function HeadCount({ texts, locale, timeZone, online, leg, manifests, workDateId, onWorkDate, scans }: Props) {
  const selectId = useId();
  const clock = useEventClock(texts);
  const [dates, setDates] = useState<AnswerOf<"GET /shop-api/staff/checkin-dates"> | null>(null);
  const [count, setCount] = useState<{
    checkedIn: number;
    expected: number;
  } | null>(null);

  useEffect(() => {
    if (online && !dates)
      api("GET /shop-api/staff/checkin-dates")
        .then(setDates)
        .catch(() => undefined);
  }, [online, dates]);

  useEffect(() => {
    if (workDateId === null) return setCount(null);
    let current = true;
    const manifest = manifests.find((one) => one.eventDateId === workDateId);
    const fromDevice = async () => (manifest ? offlineCount(manifest, leg, await deviceScans()) : null);
    const read = online
      ? api("GET /shop-api/staff/checkins/progress", {
          query: { eventDateId: String(workDateId), leg },
        })
          .then((progress) => progress[leg])
          .catch(fromDevice)
      : fromDevice();
    void read.then((value) => current && setCount(value));
    return () => {
      current = false;
    };
  }, [online, leg, workDateId, manifests, scans]);

  const options = new Map<number, DateOption>();
  for (const date of dates ?? []) options.set(date.eventDateId, date);
  for (const manifest of manifests)
    if (!options.has(manifest.eventDateId))
      options.set(manifest.eventDateId, {
        eventDateId: manifest.eventDateId,
        date: manifest.date,
        eventName: manifest.event.name,
        timeZone: manifest.timeZone,
      });
  const sorted = [...options.values()].sort((a, b) => a.date.localeCompare(b.date));

  return (
    <div className="door-headcount">
      <label htmlFor={selectId}>{texts["scanner.work_date.label"]}</label>
      <select id={selectId} value={workDateId ?? ""} onChange={(event) => onWorkDate(event.target.value ? Number(event.target.value) : null)}>
        <option value="">{texts["scanner.work_date.any"]}</option>
        {sorted.map((date) => (
          <option key={date.eventDateId} value={date.eventDateId}>
            {`${clock(date.date, date.timeZone ?? timeZone)} · ${date.eventName}`}
          </option>
        ))}
      </select>
      {count && (
        <p className="door-count" aria-live="polite">
          {formatMessage(locale, texts["scanner.count"], count)}
        </p>
      )}
    </div>
  );
}

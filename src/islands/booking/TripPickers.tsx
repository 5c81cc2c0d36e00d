/**
 * The date and province pickers: periodicityType 1 shows its one date,
 * 2 lets the person pick any day of the range (mapped to that day's calendar entry), otherwise a choice
 * among the calendar dates. Past step 0 both are disabled.
 */
import { PERIODICITY_TYPE } from "../../shared/domain/event-kinds";
import { useId, useState } from "react";
import { formatDate, formatDateTime, timeZoneOf } from "../../shared/format/dates";
import type { CalendarEntry, ProvinceOption } from "../../shared/types/catalogue";
import { selectDate, selectProvince } from "../../stores/booking";
import { calendarForDay, dayRange, localDay } from "../../stores/booking-dates";
import { fill } from "../ui/texts";
import type { BookingTexts } from "./texts";
import type { WizardEvent } from "./wizard-event";

interface Props {
  event: WizardEvent;
  calendars: CalendarEntry[];
  provinces: ProvinceOption[];
  eventDateId: number | null;
  travelDay: string | null;
  provinceId: number | null;
  locked: boolean;
  texts: BookingTexts;
}

export function TripPickers({ event, calendars, provinces, eventDateId, travelDay, provinceId, locked, texts }: Props) {
  const dateId = useId();
  const provinceSelectId = useId();
  const hintId = useId();
  const zone = timeZoneOf(event.countryCode);
  const [noTrip, setNoTrip] = useState(false);

  function pickDay(day: string) {
    const entry = day ? calendarForDay(calendars, day, zone) : null;
    setNoTrip(Boolean(day) && !entry);
    selectDate(entry?.id ?? null, day || null);
  }

  let datePicker;
  if (event.periodicityType === PERIODICITY_TYPE.fixed) {
    const entry = calendars[0];
    datePicker = (
      <output id={dateId} className="bk-fixed-date" data-testid="booking-fixed-date">
        {entry ? formatDateTime(entry.startDate, zone) : ""}
      </output>
    );
  } else if (event.periodicityType === PERIODICITY_TYPE.range) {
    const range = dayRange(calendars, zone);
    datePicker = (
      <>
        <input
          id={dateId}
          type="date"
          min={range?.min}
          max={range?.max}
          value={travelDay ?? ""}
          disabled={locked}
          aria-invalid={noTrip || undefined}
          aria-describedby={`${dateId}-hint`}
          onChange={(change) => pickDay(change.target.value)}
        />
        <span id={`${dateId}-hint`} className={noTrip ? "bk-field-error" : "bk-field-hint"}>
          {noTrip
            ? texts["booking.date.no_trip"]
            : range
              ? fill(texts["booking.date.range_hint"], { min: formatDate(calendars[0]!.startDate, zone), max: formatDate(calendars[calendars.length - 1]!.startDate, zone) })
              : null}
        </span>
      </>
    );
  } else {
    datePicker = (
      <select
        id={dateId}
        value={eventDateId ?? ""}
        disabled={locked}
        onChange={(change) => {
          const entry = calendars.find((candidate) => candidate.id === Number(change.target.value));
          selectDate(entry?.id ?? null, entry ? localDay(entry.startDate, zone) : null);
        }}
      >
        <option value="">{texts["booking.date.choose"]}</option>
        {calendars.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {formatDateTime(entry.startDate, zone)}
          </option>
        ))}
      </select>
    );
  }

  return (
    <div className="bk-trip" aria-describedby={locked ? hintId : undefined}>
      <div className="bk-field">
        <label htmlFor={dateId}>{texts["booking.date.label"]}</label>
        {datePicker}
      </div>
      <div className="bk-field">
        <label htmlFor={provinceSelectId}>{texts["booking.province.label"]}</label>
        <select
          id={provinceSelectId}
          value={provinceId ?? ""}
          disabled={locked}
          onChange={(change) => selectProvince(change.target.value ? Number(change.target.value) : null)}
        >
          <option value="">{texts["booking.province.choose"]}</option>
          {provinces.map((province) => (
            <option key={province.id} value={province.id}>
              {province.name}
            </option>
          ))}
        </select>
      </div>
      {locked ? (
        <p id={hintId} className="bk-trip-hint">
          {texts["booking.locked_hint"]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The private event form: eventName, placeName, placeAddress, countyId, startDate,
 * startHour, endHour, invitationMessage (7 rows), additional stops (address, county, time), the picture and the
 * guest list (both required on create), and the hours before the event by which guests claim their seats.
 * Saving sends the private event, then the two files with its id, then sends it for review.
 */
import { useEffect, useState } from "react";
import { useFieldArray } from "react-hook-form";
import { api, ApiFailure, uploadFile } from "../../../client/api";
import { DEFAULT_CLAIM_HOURS, FORM_FIELD_OF, privateEventFormSchema, toPrivateEventBody, type PrivateEventForm } from "../../../shared/schemas/private-events";
import type { PrivateEventAnswer } from "../../../shared/schemas/answers/private-events";
import { timeZoneOf, formatTime } from "../../../shared/format/dates";
import { showToast } from "../../../stores/toasts";
import { InputField, SelectField, TextareaField } from "../../ui/fields";
import { fill, messageOf } from "../../ui/texts";
import { failureMessage, useSchemaForm } from "../../ui/use-schema-form";
import { isoDayIn } from "./dates";
import { FileField } from "./FileField";
import { StopsFields } from "./StopsFields";
import type { EventTexts } from "./texts";
import { PRIVATE_EVENT_PAYER } from "../../../shared/domain/private-events";

interface Props {
  texts: EventTexts;
  countryCode: string;
  editId: number | null;
  onDone: () => void;
  onCancel: () => void;
}

export interface County {
  id: number;
  name: string;
  provinceId: number;
  provinceName: string;
}

const EMPTY: PrivateEventForm = {
  eventName: "",
  placeName: "",
  placeAddress: "",
  countyId: "",
  startDate: "",
  startHour: "",
  endHour: "",
  invitationMessage: "",
  additionalStops: [],
  claimHours: DEFAULT_CLAIM_HOURS,
  guestsExpected: "",
  pickupProvinceIds: [],
  payer: PRIVATE_EVENT_PAYER.organiser,
};

function valuesOf(privateEvent: PrivateEventAnswer, countryCode: string): PrivateEventForm {
  const zone = timeZoneOf(privateEvent.countryCode || countryCode);
  return {
    eventName: privateEvent.name,
    placeName: privateEvent.location,
    placeAddress: privateEvent.address,
    countyId: String(privateEvent.countyId),
    startDate: isoDayIn(privateEvent.startDate, privateEvent.countryCode || countryCode),
    startHour: formatTime(privateEvent.startDate, zone),
    endHour: formatTime(privateEvent.endDate, zone),
    invitationMessage: privateEvent.invitation,
    additionalStops: privateEvent.additionalStops.map((stop) => ({ address: stop.address, countyId: String(stop.countyId), time: stop.time })),
    claimHours: privateEvent.claimHours,
    guestsExpected: privateEvent.guestsExpected ?? privateEvent.guestSeats,
    pickupProvinceIds: privateEvent.pickupProvinceIds.map(String),
    payer: privateEvent.payer,
  };
}

export function EventForm({ texts, countryCode, editId, onDone, onCancel }: Props) {
  const form = useSchemaForm(privateEventFormSchema, EMPTY);
  const stops = useFieldArray({ control: form.control, name: "additionalStops" });
  const errors = form.formState.errors;
  const [counties, setCounties] = useState<County[]>([]);
  const [current, setCurrent] = useState<PrivateEventAnswer | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // A private event created whose files failed: saving again edits it instead of creating another.
  const [privateEventId, setPrivateEventId] = useState<number | null>(editId);
  const [image, setImage] = useState<File | null>(null);
  const [guestList, setGuestList] = useState<File | null>(null);
  const [fileErrors, setFileErrors] = useState<{ image?: string; guests?: string }>({});
  const [refused, setRefused] = useState<{ line: number; email: string; reason: string }[]>([]);

  useEffect(() => {
    api("GET /api/counties", { query: { "country-code": countryCode } })
      .then((rows) => setCounties([...rows].sort((a, b) => a.name.localeCompare(b.name, "es"))))
      .catch(() => setCounties([]));
  }, [countryCode]);

  useEffect(() => {
    if (editId === null) return;
    api("GET /shop-api/event-requests/:id", { params: { id: editId } })
      .then((privateEvent) => {
        setCurrent(privateEvent);
        form.reset(valuesOf(privateEvent, countryCode));
      })
      .catch(() => setLoadFailed(true));
  }, [editId, countryCode, form]);

  const hasImage = Boolean(current?.imagePath);
  const hasGuests = Boolean(current?.hasGuests);

  function checkFiles(): boolean {
    const next = {
      image: !image && !hasImage ? texts["private_events.image_required"] : undefined,
      guests: !guestList && !hasGuests ? texts["private_events.guests_required"] : undefined,
    };
    setFileErrors(next);
    return !next.image && !next.guests;
  }

  const save = form.handleSubmit(async (values) => {
    if (!checkFiles()) return;
    const creating = privateEventId === null;
    const failedText = editId === null ? texts["private_events.create_event_failed"] : texts["private_events.edit_failed"];
    let id = privateEventId;
    let refusedNow: typeof refused = [];
    try {
      const body = toPrivateEventBody(values);
      id = creating ? (await api("POST /shop-api/request-events", { body })).id : (await api("PUT /shop-api/request-events/:id", { params: { id: id! }, body })).id;
      setPrivateEventId(id);
    } catch (error) {
      if (error instanceof ApiFailure && Object.keys(error.fields).length > 0) {
        Object.entries(error.fields).forEach(([name, message], index) =>
          form.setError((FORM_FIELD_OF[name] ?? name) as never, { type: "server", message }, { shouldFocus: index === 0 }),
        );
      }
      showToast("error", failureMessage(error, failedText));
      return;
    }
    if (image) {
      try {
        await uploadFile("POST /shop-api/event-requests/:id/upload-image", { id }, image);
        setImage(null);
        setCurrent((now) => (now ? { ...now, imagePath: "uploaded" } : now));
      } catch (error) {
        setFileErrors({ image: failureMessage(error, texts["private_events.image_upload_failed"]) });
        showToast("error", texts["private_events.image_upload_failed"]);
        return;
      }
    }
    if (guestList) {
      try {
        const answer = await uploadFile("POST /shop-api/event-requests/:id/upload-guests", { id }, guestList);
        setRefused(answer.refused);
        refusedNow = answer.refused;
        setGuestList(null);
        setCurrent((now) => (now ? { ...now, hasGuests: true, guestCount: answer.saved } : now));
        if (answer.refused.length > 0) {
          const lines = answer.refused.map((row) => fill(texts["private_events.refused_row"], { line: row.line, reason: row.reason }));
          showToast("warning", [fill(texts["private_events.refused_rows"], { count: answer.refused.length }), ...lines].join("\n"), 10_000);
        }
      } catch (error) {
        setFileErrors({ guests: failureMessage(error, texts["private_events.upload_failed"]) });
        showToast("error", texts["private_events.upload_failed"]);
        return;
      }
    }
    try {
      await api("POST /shop-api/event-requests/:id/submit", { params: { id: id! } });
    } catch (error) {
      showToast("error", failureMessage(error, failedText));
      return;
    }
    showToast("success", editId === null ? texts["private_events.create_event_success"] : texts["private_events.edit_success"]);
    // Refused rows stay on screen, beside the list field, until the organiser fixes them and uploads again.
    if (refusedNow.length === 0) onDone();
  });

  if (loadFailed) return <p className="empty-text">{texts["private_events.load_failed"]}</p>;
  if (editId !== null && !current) return <div className="spinner" role="status" aria-label={texts["account.loading"]} />;

  const error = (name: keyof PrivateEventForm) => messageOf(texts, errors[name]?.message as string | undefined);
  const provinces = [...new Map(counties.map((county) => [county.provinceId, { id: county.provinceId, name: county.provinceName }])).values()].sort((a, b) => a.name.localeCompare(b.name, "es"));
  const countyOptions = counties.map((county) => (
    <option key={county.id} value={county.id}>
      {county.name}
    </option>
  ));

  return (
    <form
      className="account-form account-card event-form"
      noValidate
      onSubmit={(event) => {
        checkFiles();
        void save(event);
      }}
      aria-label={editId === null ? texts["private_events.create_title"] : texts["private_events.edit_title"]}
    >
      <InputField idPrefix="pe" label={texts["private_events.field.eventName"]} autoComplete="off" registration={form.register("eventName")} error={error("eventName")} className="span-2" />
      <InputField idPrefix="pe" label={texts["private_events.field.placeName"]} autoComplete="off" registration={form.register("placeName")} error={error("placeName")} />
      <InputField idPrefix="pe" label={texts["private_events.field.placeAddress"]} autoComplete="off" registration={form.register("placeAddress")} error={error("placeAddress")} />
      <SelectField idPrefix="pe" label={texts["private_events.field.countyId"]} registration={form.register("countyId")} error={error("countyId")}>
        <option value="">{texts["private_events.field.county_placeholder"]}</option>
        {countyOptions}
      </SelectField>
      <InputField idPrefix="pe" label={texts["private_events.field.startDate"]} type="date" registration={form.register("startDate")} error={error("startDate")} />
      <InputField idPrefix="pe" label={texts["private_events.field.startHour"]} type="time" registration={form.register("startHour")} error={error("startHour")} />
      <InputField idPrefix="pe" label={texts["private_events.field.endHour"]} type="time" registration={form.register("endHour")} error={error("endHour")} />
      <TextareaField idPrefix="pe" label={texts["private_events.field.invitationMessage"]} rows={7} registration={form.register("invitationMessage")} error={error("invitationMessage")} className="span-2" />
      <StopsFields texts={texts} form={form} stops={stops} countyOptions={countyOptions} />
      <FileField
        id="pe-image"
        label={texts["private_events.field.image"]}
        hint={hasImage ? texts["private_events.field.image_current"] : texts["private_events.field.image_hint"]}
        accept="image/*"
        error={fileErrors.image}
        onFile={(file) => {
          setImage(file);
          setFileErrors((now) => ({ ...now, image: undefined }));
        }}
      />
      <FileField
        id="pe-guests"
        label={texts["private_events.field.guests"]}
        hint={hasGuests ? fill(texts["private_events.field.guests_current"], { count: current?.guestCount ?? 0 }) : texts["private_events.field.guests_hint"]}
        accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
        error={fileErrors.guests}
        onFile={(file) => {
          setGuestList(file);
          setFileErrors((now) => ({ ...now, guests: undefined }));
        }}
      >
        <a className="template-link" href="/templates/lista-invitados.xlsx" download>
          {texts["private_events.template"]}
        </a>
      </FileField>
      <InputField
        idPrefix="pe"
        label={texts["private_events.field.claimHours"]}
        type="number"
        min={0}
        max={720}
        inputMode="numeric"
        hint={texts["private_events.field.claimHours_hint"]}
        registration={form.register("claimHours")}
        error={error("claimHours")}
      />
      <InputField
        idPrefix="pe"
        label={texts["private_events.field.guests_expected"]}
        type="number"
        min={1}
        max={2000}
        inputMode="numeric"
        registration={form.register("guestsExpected")}
        error={error("guestsExpected")}
      />
      <SelectField idPrefix="pe" label={texts["private_events.field.payer"]} registration={form.register("payer")} error={error("payer")}>
        <option value="organiser">{texts["private_events.payer.organiser"]}</option>
        <option value="guests">{texts["private_events.payer.guests"]}</option>
      </SelectField>
      <fieldset className="pickup-provinces span-2">
        <legend>{texts["private_events.field.pickup_provinces"]}</legend>
        <p className="field-hint">{texts["private_events.field.pickup_provinces_hint"]}</p>
        <div className="pickup-province-list">
          {provinces.map((province) => (
            <label key={province.id} className="check">
              <input type="checkbox" value={String(province.id)} {...form.register("pickupProvinceIds")} />
              {province.name}
            </label>
          ))}
        </div>
      </fieldset>
      {refused.length > 0 ? (
        <div className="refused-rows span-2" role="status" data-testid="refused-rows">
          <p>{fill(texts["private_events.refused_rows"], { count: refused.length })}</p>
          <ul>
            {refused.map((row) => (
              <li key={row.line}>{fill(texts["private_events.refused_row_email"], { line: row.line, email: row.email || "—", reason: row.reason })}</li>
            ))}
          </ul>
          <p>{texts["private_events.refused_fix"]}</p>
        </div>
      ) : null}
      <div className="account-actions span-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {texts["private_events.cancel"]}
        </button>
        <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
          {editId === null ? texts["private_events.submit"] : texts["private_events.save"]}
        </button>
      </div>
    </form>
  );
}

/** The additional stops: address, county and time each; all three, or each missing one says `private_events.stops_incomplete` ("fill in every field"). */
import type { ReactNode } from "react";
import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import type { PrivateEventForm, PrivateEventFormValues } from "../../../shared/schemas/private-events";
import { InputField, SelectField } from "../../ui/fields";
import { messageOf } from "../../ui/texts";
import type { EventTexts } from "./texts";

interface Props {
  texts: EventTexts;
  form: UseFormReturn<PrivateEventForm, unknown, PrivateEventFormValues>;
  stops: UseFieldArrayReturn<PrivateEventForm, "additionalStops">;
  countyOptions: ReactNode;
}

export function StopsFields({ texts, form, stops, countyOptions }: Props) {
  const stopErrors = form.formState.errors.additionalStops ?? [];
  return (
    <fieldset className="stops span-2">
      <legend>{texts["private_events.stops"]}</legend>
      {stops.fields.map((field, index) => {
        const errors = stopErrors[index];
        return (
          <div key={field.id} className="stop-row" data-stop={index}>
            <InputField idPrefix={`pe-stop-${index}`} label={texts["private_events.stop.address"]} autoComplete="off" registration={form.register(`additionalStops.${index}.address`)} error={messageOf(texts, errors?.address?.message)} />
            <SelectField idPrefix={`pe-stop-${index}`} label={texts["private_events.stop.county"]} registration={form.register(`additionalStops.${index}.countyId`)} error={messageOf(texts, errors?.countyId?.message)}>
              <option value="">{texts["private_events.field.county_placeholder"]}</option>
              {countyOptions}
            </SelectField>
            <InputField idPrefix={`pe-stop-${index}`} label={texts["private_events.stop.time"]} type="time" registration={form.register(`additionalStops.${index}.time`)} error={messageOf(texts, errors?.time?.message)} />
            <button type="button" className="btn btn-small btn-ghost btn-ghost-danger" onClick={() => stops.remove(index)}>
              {texts["private_events.stop.remove"]}
            </button>
          </div>
        );
      })}
      <button type="button" className="btn btn-small btn-secondary" onClick={() => stops.append({ address: "", countyId: "", time: "" })}>
        {texts["private_events.stop.add"]}
      </button>
    </fieldset>
  );
}

/**
 * One ticket's pick-up lines: address and commune, up to the ticket's stops
 * (add disabled at the limit, remove disabled at 1, both shown only when the limit is above 1); a frequent
 * address can fill a line. Subcategories with fixed pick-up points offer those instead of a typed address.
 */
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import type { County } from "../../shared/types/catalogue";
import { SelectField, InputField } from "../ui/fields";
import type { ClientTicket } from "../../stores/booking-tickets";
import { fill, messageOf } from "../ui/texts";
import type { BookingTexts } from "./texts";
import type { FrequentAddress } from "./use-frequent";

export interface AddressValues {
  tickets: ClientTicket[];
}

interface Props {
  ticket: ClientTicket;
  index: number;
  counties: County[];
  frequent: FrequentAddress[];
  communeCode: number | null;
  texts: BookingTexts;
}

export function AddressLines({ ticket, index, counties, frequent, communeCode, texts }: Props) {
  const { control, register, setValue, formState } = useFormContext<AddressValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `tickets.${index}.addresses` });
  const lines = useWatch({ control, name: `tickets.${index}.addresses` }) ?? [];
  const errors = formState.errors.tickets?.[index]?.addresses;
  const limit = Math.max(1, ticket.stops);
  const fixed = ticket.approaches.length > 0;
  const countyName = (id: number) => counties.find((county) => county.id === id)?.name ?? "";

  function fillLine(line: number, address: string, countyId: number | string) {
    setValue(`tickets.${index}.addresses.${line}`, { address, commune_id: countyId }, { shouldValidate: true, shouldDirty: true });
  }

  return (
    <div className="bk-lines">
      {fixed ? <p className="bk-hint">{texts["booking.approach.hint"]}</p> : null}
      {!fixed && limit > 1 ? <p className="bk-hint">{fill(texts["booking.addresses.limit"], { n: limit })}</p> : null}
      {fields.map((field, line) => {
        const lineErrors = errors?.[line];
        const legend = fill(texts["booking.address.label"], { n: line + 1 });
        const current = lines[line];
        if (fixed) {
          const chosen = ticket.approaches.findIndex((approach) => approach.address === current?.address && approach.countyId === Number(current?.commune_id));
          return (
            <fieldset key={field.id} className="bk-line">
              <legend>{legend}</legend>
              <SelectField
                label={texts["booking.approach.label"]}
                value={chosen >= 0 ? String(chosen) : ""}
                error={messageOf(texts, lineErrors?.address?.message ?? lineErrors?.commune_id?.message)}
                onChange={(change) => {
                  const approach = ticket.approaches[Number(change.target.value)];
                  fillLine(line, approach?.address ?? "", approach?.countyId ?? "");
                }}
              >
                <option value="">{texts["booking.approach.choose"]}</option>
                {ticket.approaches.map((approach, at) => (
                  <option key={`${approach.address}-${approach.countyId}`} value={at}>
                    {countyName(approach.countyId) ? `${approach.address} (${countyName(approach.countyId)})` : approach.address}
                  </option>
                ))}
              </SelectField>
            </fieldset>
          );
        }
        return (
          <fieldset key={field.id} className="bk-line">
            <legend>{legend}</legend>
            {frequent.length > 0 ? (
              <SelectField
                label={texts["booking.address.frequent"]}
                className="bk-line-frequent"
                value={String(frequent.find((entry) => entry.name === current?.address && entry.countyId === Number(current?.commune_id))?.id ?? "")}
                onChange={(change) => {
                  const entry = frequent.find((candidate) => candidate.id === Number(change.target.value));
                  if (entry) fillLine(line, entry.name, entry.countyId);
                }}
              >
                <option value="">{texts["booking.address.frequent_choose"]}</option>
                {frequent.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.myAddress ? fill(texts["booking.address.own"], { name: entry.name }) : entry.name}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <div className="bk-line-grid">
              <InputField
                label={texts["booking.address.input"]}
                autoComplete="address-line1"
                error={messageOf(texts, lineErrors?.address?.message)}
                registration={register(`tickets.${index}.addresses.${line}.address`)}
              />
              <SelectField
                label={texts["booking.commune.label"]}
                error={messageOf(texts, lineErrors?.commune_id?.message)}
                registration={register(`tickets.${index}.addresses.${line}.commune_id`)}
              >
                <option value="">{texts["booking.commune.choose"]}</option>
                {counties.map((county) => (
                  <option key={county.id} value={county.id}>
                    {county.name}
                  </option>
                ))}
              </SelectField>
            </div>
            {limit > 1 ? (
              <button type="button" className="btn btn-ghost btn-small bk-remove" disabled={fields.length <= 1} onClick={() => remove(line)}>
                {fill(texts["booking.address.remove"], { n: line + 1 })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {limit > 1 ? (
        <button
          type="button"
          className="btn btn-secondary btn-small bk-add"
          disabled={fields.length >= limit}
          onClick={() => append({ address: "", commune_id: communeCode ?? "" })}
        >
          {texts["booking.address.add"]}
        </button>
      ) : null}
    </div>
  );
}

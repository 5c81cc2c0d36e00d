/**
 * One ticket's passengers: name, email, phone and pick-up address, up to the
 * ticket's capacity (add disabled at capacity, remove at 1, both shown only when capacity is above 1); a
 * frequent friend can fill a passenger.
 */
import { Controller, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import type { Locale } from "../../shared/locales";
import { CheckboxField, InputField, PhoneField, SelectField } from "../ui/fields";
import { NEEDS, type Need } from "../../shared/domain/needs";
import type { ClientTicket } from "../../stores/booking-tickets";
import { fill, messageOf } from "../ui/texts";
import type { BookingTexts } from "./texts";
import type { FrequentFriend } from "./use-frequent";
import type { TicketsForm } from "./use-step-form";

interface Props {
  ticket: ClientTicket;
  index: number;
  friends: FrequentFriend[];
  phoneCode: string;
  locale: Locale;
  texts: BookingTexts;
}

/** The address lines of a ticket a passenger can be picked up at. */
function pickUpOptions(ticket: ClientTicket): string[] {
  return [...new Set(ticket.addresses.map((line) => line.address.trim()).filter(Boolean))];
}

export function emptyPassenger(ticket: ClientTicket) {
  const options = pickUpOptions(ticket);
  // Needs start as an empty list: a group of checkboxes registered one by one would otherwise read `false`
  // (one box checked-or-not) before the others mount, and the step would never be valid.
  return { name: "", email: "", phone: "", passengerAddress: options.length === 1 ? options[0]! : "", needs: [] as Need[] };
}

export function PassengerList({ ticket, index, friends, phoneCode, locale, texts }: Props) {
  const { control, register, setValue, formState } = useFormContext<TicketsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: `tickets.${index}.passengers` });
  const passengers = useWatch({ control, name: `tickets.${index}.passengers` }) ?? [];
  const errors = formState.errors.tickets?.[index]?.passengers;
  const limit = Math.max(1, ticket.capacity);
  const options = pickUpOptions(ticket);

  return (
    <div className="bk-lines">
      {limit > 1 ? <p className="bk-hint">{fill(texts["booking.passengers.limit"], { n: limit })}</p> : null}
      {fields.map((field, at) => {
        const path = `tickets.${index}.passengers.${at}` as const;
        const fieldErrors = errors?.[at];
        const current = passengers[at];
        return (
          <fieldset key={field.id} className="bk-line">
            <legend>{fill(texts["booking.passenger.title"], { n: at + 1 })}</legend>
            {friends.length > 0 ? (
              <SelectField
                label={texts["booking.passenger.friend"]}
                className="bk-line-frequent"
                value={String(friends.find((friend) => friend.email === current?.email && friend.fullname === current?.name)?.id ?? "")}
                onChange={(change) => {
                  const friend = friends.find((candidate) => candidate.id === Number(change.target.value));
                  if (!friend) return;
                  const options = { shouldValidate: true, shouldDirty: true };
                  setValue(`${path}.name`, friend.fullname, options);
                  setValue(`${path}.email`, friend.email, options);
                  setValue(`${path}.phone`, friend.phone.replace(/\D/g, ""), options);
                }}
              >
                <option value="">{texts["booking.passenger.friend_choose"]}</option>
                {friends.map((friend) => (
                  <option key={friend.id} value={friend.id}>
                    {friend.fullname}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <div className="bk-line-grid">
              <InputField
                label={texts["booking.passenger.name"]}
                autoComplete="name"
                error={messageOf(texts, fieldErrors?.name?.message)}
                registration={register(`${path}.name`)}
              />
              <InputField
                label={texts["booking.passenger.email"]}
                type="email"
                autoComplete="email"
                error={messageOf(texts, fieldErrors?.email?.message)}
                registration={register(`${path}.email`)}
              />
              <Controller
                control={control}
                name={`${path}.phone`}
                render={({ field: phone }) => (
                  <PhoneField
                    label={texts["booking.passenger.phone"]}
                    codeLabel={texts["booking.passenger.phone_code"]}
                    value={phone.value ?? ""}
                    defaultCode={phoneCode}
                    locale={locale}
                    error={messageOf(texts, fieldErrors?.phone?.message)}
                    onChange={phone.onChange}
                    onBlur={phone.onBlur}
                  />
                )}
              />
              <SelectField
                label={texts["booking.passenger.address"]}
                error={messageOf(texts, fieldErrors?.passengerAddress?.message)}
                registration={register(`${path}.passengerAddress`)}
              >
                <option value="">{texts["booking.passenger.address_choose"]}</option>
                {options.map((address) => (
                  <option key={address} value={address}>
                    {address}
                  </option>
                ))}
              </SelectField>
              <fieldset className="bk-needs">
                <legend>{texts["booking.needs.legend"]}</legend>
                {NEEDS.map((need) => (
                  <CheckboxField key={need} id={`bk-${path}-need-${need}`} label={texts[`need.${need}`]} registration={{ ...register(`${path}.needs`), value: need } as ReturnType<typeof register>} />
                ))}
                <p className="field-hint">{texts["booking.needs.hint"]}</p>
              </fieldset>
            </div>
            {limit > 1 ? (
              <button type="button" className="btn btn-ghost btn-small bk-remove" disabled={fields.length <= 1} onClick={() => remove(at)}>
                {fill(texts["booking.passenger.remove"], { n: at + 1 })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {limit > 1 ? (
        <button type="button" className="btn btn-secondary btn-small bk-add" disabled={fields.length >= limit} onClick={() => append(emptyPassenger(ticket))}>
          {texts["booking.passenger.add"]}
        </button>
      ) : null}
    </div>
  );
}

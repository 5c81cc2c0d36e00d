/** A passenger at the order desk: shown, chosen for a refund, or corrected (name, email, phone, pick-up address). */
import { useState } from "react";
import { api, ApiFailure } from "../../../client/api";
import type { OrderDesk } from "../../../shared/schemas/answers/order-desk";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import type { StaffTexts } from "../texts";

type Passenger = OrderDesk["tickets"][number]["passengers"][number];
const FIELDS = [
  ["name", "desk.field.name"],
  ["email", "desk.field.email"],
  ["phone", "desk.field.phone"],
  ["passengerAddress", "desk.field.address"],
] as const;

export function PassengerRow(props: {
  orderId: number;
  passenger: Passenger;
  texts: StaffTexts;
  choosable: boolean;
  chosen: boolean;
  onChoose(on: boolean): void;
  onSaved(): void;
}) {
  const { orderId, passenger, texts } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(passenger);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save(event: React.FormEvent) {
    event.preventDefault();
    try {
      await api("PUT /shop-api/staff/orders/:id/passengers/:passengerId", {
        params: { id: orderId, passengerId: passenger.id },
        body: { name: draft.name, email: draft.email, phone: draft.phone, passengerAddress: draft.passengerAddress },
      });
      showToast("success", texts["desk.done"]);
      setEditing(false);
      props.onSaved();
    } catch (error) {
      if (error instanceof ApiFailure && Object.keys(error.fields).length) setErrors(error.fields);
      else showToast("error", error instanceof ApiFailure ? error.message : texts["staff_day.action_error"]);
    }
  }

  if (editing) {
    return (
      <li data-passenger={passenger.id}>
        <form className="desk-passenger-form" onSubmit={save}>
          {FIELDS.map(([field, label]) => (
            <label key={field}>
              {texts[label]}
              <input
                value={draft[field]}
                aria-invalid={errors[field] ? true : undefined}
                onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
              />
              {errors[field] ? <span className="field-error">{errors[field]}</span> : null}
            </label>
          ))}
          <div className="staff-dialog-actions">
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setEditing(false)}>
              {texts["desk.discard"]}
            </button>
            <button type="submit" className="btn btn-primary btn-small">
              {texts["desk.save"]}
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li data-passenger={passenger.id} className="desk-passenger">
      {props.choosable ? (
        <input type="checkbox" checked={props.chosen} aria-label={fill(texts["desk.select"], { name: passenger.name })} onChange={(event) => props.onChoose(event.target.checked)} />
      ) : null}
      <span className="staff-stack">
        <strong>{passenger.name}</strong>
        <span className="staff-muted">
          {passenger.email} · {passenger.phone} · {passenger.passengerAddress}
        </span>
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        onClick={() => {
          setDraft(passenger);
          setErrors({});
          setEditing(true);
        }}
      >
        {texts["desk.edit"]}
      </button>
    </li>
  );
}

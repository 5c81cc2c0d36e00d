/**
 * Beside a sold-out subcategory (a signed-in person, a date chosen): join its waiting list for a number of seats,
 * or, once in line, how many are ahead and the way out. Seats that come back are offered by mail.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { ApiFailure } from "../../client/api";
import { WAITING_MAX_SEATS, WAITING_STATE } from "../../shared/domain/waiting-list";
import { showToast } from "../../stores/toasts";
import { $waitingPlaces, joinWaitingList, leaveWaitingList } from "../../stores/waiting-list";
import { fill } from "../ui/texts";
import type { BookingTexts } from "./texts";

interface Props {
  eventDateId: number;
  productVariantId: number;
  name: string;
  texts: BookingTexts;
}

export function WaitingListJoin({ eventDateId, productVariantId, name, texts }: Props) {
  const places = useStore($waitingPlaces);
  const [seats, setSeats] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const place = places?.find((one) => one.eventDateId === eventDateId && one.productVariantId === productVariantId && one.state === WAITING_STATE.waiting);

  async function act(action: () => Promise<unknown>, done?: string) {
    setBusy(true);
    setError(null);
    try {
      await action();
      if (done) showToast("success", done);
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : texts["waiting.error"]);
    } finally {
      setBusy(false);
    }
  }

  if (place) {
    return (
      <div className="bk-waiting" data-testid="waiting-list">
        <p>{fill(texts["waiting.joined"], { n: place.seats })}</p>
        <p className="bk-hint">{fill(texts["waiting.ahead"], { n: place.ahead })}</p>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void act(() => leaveWaitingList(place.id), texts["waiting.left"])}>
          {texts["waiting.leave"]}
        </button>
      </div>
    );
  }
  const seatsId = `bk-waiting-seats-${productVariantId}`;
  return (
    <div className="bk-waiting" data-testid="waiting-list">
      <p className="bk-hint">{texts["waiting.pitch"]}</p>
      <label htmlFor={seatsId}>{texts["waiting.seats"]}</label>
      <select id={seatsId} value={seats} onChange={(event) => setSeats(Number(event.target.value))} aria-describedby={error ? `${seatsId}-error` : undefined}>
        {Array.from({ length: WAITING_MAX_SEATS }, (_, index) => index + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        aria-label={`${texts["waiting.join"]}: ${name}`}
        onClick={() => void act(() => joinWaitingList({ eventDateId, productVariantId, seats }))}
      >
        {texts["waiting.join"]}
      </button>
      {error ? (
        <p className="bk-error" id={`${seatsId}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

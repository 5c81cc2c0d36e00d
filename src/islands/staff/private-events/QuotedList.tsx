/**
 * Approved private events whose quote is not paid yet: staff mark a company customer's quote invoiced, which sends the
 * invitations (the change is audited).
 */
import { useCallback, useEffect, useState } from "react";
import { api } from "../../../client/api";
import type { AnswerOf } from "../../../shared/api/contract";
import { formatPrice } from "../../../shared/format/money";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import { failureMessage } from "../../ui/use-schema-form";
import type { StaffTexts } from "../texts";
import { STAFF_PRIVATE_EVENT_LIST } from "../../../shared/domain/private-events";

type Review = AnswerOf<"GET /shop-api/staff/event-requests">[number];

export function QuotedList({ texts }: { texts: StaffTexts }) {
  const [rows, setRows] = useState<Review[]>([]);
  const load = useCallback(() => {
    api("GET /shop-api/staff/event-requests", { query: { state: STAFF_PRIVATE_EVENT_LIST.quoted } })
      .then(setRows)
      .catch(() => setRows([]));
  }, []);
  useEffect(load, [load]);

  async function invoiced(id: number) {
    try {
      await api("POST /shop-api/staff/event-requests/:id/invoiced", { params: { id } });
      showToast("success", texts["private_events.staff.invoiced_done"]);
      load();
    } catch (error) {
      showToast("error", failureMessage(error, texts["private_events.load_failed"]));
    }
  }

  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="quoted-title" className="quoted-list">
      <h3 id="quoted-title">{texts["private_events.staff.quoted_title"]}</h3>
      <ul className="review-list">
        {rows.map(({ request: privateEvent, owner }) => (
          <li key={privateEvent.id} className="review-card" data-quoted={privateEvent.id}>
            <div className="review-body">
              <p>
                <strong>{privateEvent.name}</strong> · {owner.name} ({owner.email})
              </p>
              {privateEvent.quote ? <p>{fill(texts["private_events.quote.total"], { total: formatPrice(privateEvent.quote.total, privateEvent.quote.currency), seats: privateEvent.quote.seats })}</p> : null}
              <button type="button" className="btn btn-secondary" onClick={() => void invoiced(privateEvent.id)} aria-label={`${texts["private_events.staff.invoiced"]}: ${privateEvent.name}`}>
                {texts["private_events.staff.invoiced"]}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

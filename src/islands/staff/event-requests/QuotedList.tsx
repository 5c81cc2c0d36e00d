/**
 * Approved requests whose quote is not paid yet: staff mark a company customer's quote invoiced, which sends the
 * invitations (the change is audited).
 */
import { useCallback, useEffect, useState } from "react";
import { api } from "../../../client/api";
import type { AnswerOf } from "../../../shared/api/routes";
import { formatPrice } from "../../../shared/format/money";
import { showToast } from "../../../stores/toasts";
import { fill } from "../../ui/texts";
import { failureMessage } from "../../ui/use-schema-form";
import type { StaffTexts } from "../texts";

type Review = AnswerOf<"GET /shop-api/staff/event-requests">[number];

export function QuotedList({ texts }: { texts: StaffTexts }) {
  const [rows, setRows] = useState<Review[]>([]);
  const load = useCallback(() => {
    api("GET /shop-api/staff/event-requests", { query: { state: "quoted" } })
      .then(setRows)
      .catch(() => setRows([]));
  }, []);
  useEffect(load, [load]);

  async function invoiced(id: number) {
    try {
      await api("POST /shop-api/staff/event-requests/:id/invoiced", { params: { id } });
      showToast("success", texts["groups.staff.invoiced_done"]);
      load();
    } catch (error) {
      showToast("error", failureMessage(error, texts["private_events.load_failed"]));
    }
  }

  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="quoted-title" className="quoted-list">
      <h3 id="quoted-title">{texts["groups.staff.quoted_title"]}</h3>
      <ul className="review-list">
        {rows.map(({ request, owner }) => (
          <li key={request.id} className="review-card" data-quoted={request.id}>
            <div className="review-body">
              <p>
                <strong>{request.name}</strong> · {owner.name} ({owner.email})
              </p>
              {request.quote ? <p>{fill(texts["groups.quote.total"], { total: formatPrice(request.quote.total, request.quote.currency), seats: request.quote.seats })}</p> : null}
              <button type="button" className="btn btn-secondary" onClick={() => void invoiced(request.id)} aria-label={`${texts["groups.staff.invoiced"]}: ${request.name}`}>
                {texts["groups.staff.invoiced"]}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

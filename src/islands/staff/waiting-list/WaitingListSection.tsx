/**
 * "Listas de espera": every sold-out subcategory's line for an upcoming date, soonest first, with the seats on sale
 * now and each person in line order: how many seats they wait for, whether an offer holds seats for them (until
 * when), ran out or ended in an order. Reading the lists passes on offers that ran out (the server sweeps first).
 */
import { useEffect, useState } from "react";
import { api } from "../../../client/api";
import { WAITING_STATE } from "../../../shared/domain/waiting-list";
import type { StaffWaitingList } from "../../../shared/schemas/answers/waiting-list";
import { fill } from "../../ui/texts";
import { when } from "../orders/order-rows";
import type { SectionProps } from "../section-props";
import "../orders/staff-day.css";

export default function WaitingListSection({ texts }: SectionProps) {
  const [lists, setLists] = useState<StaffWaitingList[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    api("GET /shop-api/staff/waiting-lists", { query: {} })
      .then(setLists)
      .catch(() => setFailed(true));
  }, []);

  return (
    <div className="staff-waiting-lists">
      <h2 className="staff-heading">{texts["waitlists.title"]}</h2>
      {failed ? <p className="empty-text">{texts["staff_day.load_error"]}</p> : null}
      {!lists && !failed ? (
        <div
          className="spinner"
          role="status"
          aria-label={texts["staff.loading"]}
        />
      ) : null}
      {lists && lists.length === 0 ? (
        <p className="empty-text">{texts["waitlists.empty"]}</p>
      ) : null}
      {lists?.map((list) => {
        const zone = list.timeZone;
        return (
          <section
            key={`${list.productVariantId}-${list.eventDateId}`}
            className="staff-card"
            data-testid="waiting-list"
          >
            <h3>
              {list.eventName} · {when(list.date, zone, texts)}
            </h3>
            <p>
              {list.subcategoryName} ·{" "}
              {fill(texts["waitlists.seats_left"], { n: list.seatsLeft })}
            </p>
            <table className="purchases staff-table">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    {texts["waitlists.col.position"]}
                  </th>
                  <th scope="col">{texts["waitlists.col.person"]}</th>
                  <th scope="col" className="num">
                    {texts["waitlists.col.seats"]}
                  </th>
                  <th scope="col">{texts["waitlists.col.state"]}</th>
                  <th scope="col">{texts["waitlists.col.joined"]}</th>
                  <th scope="col">{texts["waitlists.col.offer"]}</th>
                </tr>
              </thead>
              <tbody>
                {list.entries.map((entry, index) => (
                  <tr key={entry.id} data-entry={entry.id}>
                    <td
                      data-label={texts["waitlists.col.position"]}
                      className="num"
                    >
                      {index + 1}
                    </td>
                    <td data-label={texts["waitlists.col.person"]}>
                      <span className="staff-stack">
                        {entry.name}
                        <span className="staff-muted">{entry.email}</span>
                      </span>
                    </td>
                    <td
                      data-label={texts["waitlists.col.seats"]}
                      className="num"
                    >
                      {entry.seats}
                    </td>
                    <td data-label={texts["waitlists.col.state"]}>
                      {texts[`waitlists.state.${entry.state}`]}
                    </td>
                    <td data-label={texts["waitlists.col.joined"]}>
                      <time dateTime={entry.createdAt}>
                        {when(entry.createdAt, zone, texts)}
                      </time>
                    </td>
                    <td data-label={texts["waitlists.col.offer"]}>
                      {entry.state === WAITING_STATE.offered &&
                      entry.offerExpiresAt
                        ? fill(texts["waitlists.offer_until"], {
                            until: when(entry.offerExpiresAt, zone, texts),
                          })
                        : null}
                      {entry.orderId !== null
                        ? fill(texts["waitlists.order"], { id: entry.orderId })
                        : null}
                      {entry.state === WAITING_STATE.expired
                        ? when(entry.offeredAt, zone, texts)
                        : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}

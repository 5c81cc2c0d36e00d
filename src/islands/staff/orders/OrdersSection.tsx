/**
 * Every order for staff: filtered by state, searched by order number, buyer or passenger (name, email, phone) or
 * event, a page at a time; the state in the customers' colours (pending yellow, paid green, cancelled red). A row opens the order desk.
 */
import { useEffect, useState } from "react";
import { api } from "../../../client/api";
import { ORDER_STATES, type OrderState } from "../../../shared/domain/order-states";
import type { StaffOrderPage } from "../../../shared/schemas/answers/staff-day";
import { fill } from "../../ui/texts";
import type { SectionProps } from "../section-props";
import { ExportButtons } from "./ExportButtons";
import { OrderDesk } from "./OrderDesk";
import { orderColumns, StateChip, when } from "./order-rows";
import { StaffTable } from "../StaffTable";
import "./staff-day.css";

const PAGE_SIZE = 20;

export default function OrdersSection({ texts, locale }: SectionProps) {
  const [state, setState] = useState<OrderState | "">("");
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<StaffOrderPage | null>(null);
  const [failed, setFailed] = useState(false);
  // The open order: kept in the address (?order=) so a link or a reload opens it again.
  const [openId, setOpenId] = useState<number | null>(() => {
    const id = Number(new URLSearchParams(globalThis.location?.search ?? "").get("order"));
    return Number.isInteger(id) && id > 0 ? id : null;
  });

  function openOrder(id: number | null) {
    const url = new URL(location.href);
    if (id) url.searchParams.set("order", String(id));
    else url.searchParams.delete("order");
    history.replaceState(null, "", url);
    setOpenId(id);
  }

  useEffect(() => {
    let live = true;
    setFailed(false);
    api("GET /shop-api/staff/orders", { query: { state: state || undefined, q: q || undefined, page, pageSize: PAGE_SIZE } })
      .then((result) => live && setAnswer(result))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [state, q, page, openId]);

  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const columns = orderColumns(texts, locale);
  if (openId) return <OrderDesk orderId={openId} texts={texts} locale={locale} onBack={() => openOrder(null)} />;

  return (
    <div className="staff-orders">
      <h2 className="staff-heading">{texts["orders.title"]}</h2>
      <form
        className="staff-filters"
        role="search"
        aria-label={texts["orders.search"]}
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setQ(typed.trim());
        }}
      >
        <label>
          {texts["orders.filter.state"]}
          <select
            value={state}
            onChange={(event) => {
              setPage(1);
              setState(event.target.value as OrderState | "");
            }}
          >
            <option value="">{texts["orders.filter.all"]}</option>
            {ORDER_STATES.map((name) => (
              <option key={name} value={name}>
                {texts[`orders.state.${name}`]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {texts["orders.search"]}
          <input type="search" value={typed} placeholder={texts["orders.search_hint"]} maxLength={120} onChange={(event) => setTyped(event.target.value)} />
        </label>
        <button type="submit" className="btn btn-secondary">
          {texts["orders.search"]}
        </button>
      </form>
      {answer && answer.total > 0 ? (
        <ExportButtons texts={texts} locale={locale} filter={{ q }} />
      ) : null}
      {failed ? <p className="empty-text">{texts["staff_day.load_error"]}</p> : null}
      {!answer && !failed ? <div className="spinner" role="status" aria-label={texts["staff.loading"]} /> : null}
      {answer && answer.items.length === 0 ? <p className="empty-text">{texts["orders.empty"]}</p> : null}
      {answer && answer.items.length > 0 ? (
        <>
          <StaffTable
            rows={answer.items}
            rowKey={(order) => String(order.id)}
            rowData={(order) => ({ "data-order": order.id })}
            testId="staff-orders"
            columns={[
              {
                key: "id",
                header: texts["orders.col.id"],
                cell: (order) => (
                  <button type="button" className="staff-row-open" aria-label={fill(texts["desk.open"], { id: order.id })} onClick={() => openOrder(order.id)}>
                    <strong>#{order.id}</strong>
                  </button>
                ),
              },
              { key: "placed", header: texts["orders.col.placed"], cell: (order) => <time dateTime={order.placedAt}>{when(order.placedAt, order.event.timeZone, texts)}</time> },
              columns.buyer,
              columns.event,
              { key: "state", header: texts["orders.col.state"], cell: (order) => <StateChip state={order.state} texts={texts} /> },
              columns.amount,
            ]}
          />
          <nav className="staff-pager" aria-label={texts["orders.title"]}>
            <button type="button" className="btn btn-ghost btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              ← {texts["orders.prev"]}
            </button>
            <span aria-live="polite">{fill(texts["orders.page"], { page, pages, total: answer.total })}</span>
            <button type="button" className="btn btn-ghost btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {texts["orders.next"]} →
            </button>
          </nav>
        </>
      ) : null}
    </div>
  );
}

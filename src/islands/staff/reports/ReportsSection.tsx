/**
 * The sales of an event, or one of its dates: what was sold, the money by payment method and currency, refunds,
 * discounts, seats left per subcategory, check-ins per leg and a chart of sales by day.
 */
import { Fragment, useEffect, useState } from "react";
import { api } from "../../../client/api";
import type { SalesReport } from "../../../shared/schemas/answers/order-desk";
import { ExportButtons } from "../orders/ExportButtons";
import { money, when } from "../orders/order-rows";
import type { SectionProps } from "../section-props";
import { StaffTable } from "../StaffTable";
import { fill } from "../../ui/texts";
import { SalesChart } from "./SalesChart";
import "../orders/staff-day.css";

type MoneyLine = { method: string; currency: string; amount: number; count: number };

export default function ReportsSection({ texts, locale }: SectionProps) {
  const [eventId, setEventId] = useState<number | null>(null);
  const [eventDateId, setEventDateId] = useState<number | null>(null);
  const [answer, setAnswer] = useState<SalesReport | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    api("GET /shop-api/staff/reports/sales", { query: { eventId: eventId ?? undefined, eventDateId: eventDateId ?? undefined } })
      .then((result) => live && setAnswer(result))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [eventId, eventDateId]);

  const report = answer?.report ?? null;
  const event = answer?.events.find((item) => item.id === eventId);
  const lines = (rows: MoneyLine[]) =>
    rows.length === 0 ? (
      <p className="staff-muted">{texts["reports.none"]}</p>
    ) : (
      <ul>
        {rows.map((row) => (
          <li key={`${row.method}-${row.currency}`}>
            {row.method}: {money(row.amount, row.currency, locale)} ({row.count})
          </li>
        ))}
      </ul>
    );

  return (
    <div className="staff-reports" data-testid="sales-report">
      <h2 className="staff-heading">{texts["reports.title"]}</h2>
      {failed ? <p className="empty-text">{texts["staff_day.load_error"]}</p> : null}
      <div className="staff-filters">
        <label>
          {texts["reports.event"]}
          <select
            value={eventId ?? ""}
            onChange={(change) => {
              setEventId(change.target.value ? Number(change.target.value) : null);
              setEventDateId(null);
            }}
          >
            <option value="">{texts["reports.choose"]}</option>
            {answer?.events.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        {event ? (
          <label>
            {texts["reports.date"]}
            <select value={eventDateId ?? ""} onChange={(change) => setEventDateId(change.target.value ? Number(change.target.value) : null)}>
              <option value="">{texts["reports.all_dates"]}</option>
              {event.dates.map((date) => (
                <option key={date.id} value={date.id}>
                  {when(date.startsAt, event.timeZone, texts)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {eventDateId ? <ExportButtons texts={texts} locale={locale} filter={{ eventDateId }} /> : null}
      {report ? (
        <div className="order-desk">
          <dl className="report-figures">
            <dt>{texts["reports.orders"]}</dt>
            <dd>{report.orders}</dd>
            <dt>{texts["reports.tickets"]}</dt>
            <dd>{report.tickets}</dd>
            <dt>{texts["reports.passengers"]}</dt>
            <dd>{report.passengers}</dd>
          </dl>
          <section data-testid="report-totals">
            <h3>{texts["reports.totals"]}</h3>
            {report.totals.length === 0 ? (
              <p className="staff-muted">{texts["reports.none"]}</p>
            ) : (
              <dl className="report-figures">
                {report.totals.map((row) => (
                  <Fragment key={row.currency}>
                    <dt>{texts["reports.gross"]}</dt>
                    <dd>{money(row.gross, row.currency, locale)}</dd>
                    <dt>{texts["reports.refunds_total"]}</dt>
                    <dd>{money(row.refunds, row.currency, locale)}</dd>
                    <dt>{texts["reports.net"]}</dt>
                    <dd>{money(row.net, row.currency, locale)}</dd>
                  </Fragment>
                ))}
              </dl>
            )}
            <h3>{texts["reports.codes"]}</h3>
            {report.discountCodes.length === 0 ? (
              <p className="staff-muted">{texts["reports.none"]}</p>
            ) : (
              <ul>
                {report.discountCodes.map((row) => (
                  <li key={`${row.code}-${row.currency}`}>{fill(texts["reports.code_line"], { code: row.code, uses: row.uses, amount: money(row.amount, row.currency, locale) })}</li>
                ))}
              </ul>
            )}
          </section>
          <section>
            <h3>{texts["reports.revenue"]}</h3>
            {lines(report.revenue)}
            <h3>{texts["reports.refunds"]}</h3>
            {lines(report.refunds)}
            <h3>{texts["reports.refunds_owed"]}</h3>
            {lines(report.refundsOwed)}
            <h3>{texts["reports.discounts"]}</h3>
            {report.discounts.length === 0 ? (
              <p className="staff-muted">{texts["reports.none"]}</p>
            ) : (
              <ul>
                {report.discounts.map((row) => (
                  <li key={row.currency}>
                    {money(row.amount, row.currency, locale)} ({row.orders})
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section>
            <h3>{texts["reports.by_day"]}</h3>
            <SalesChart days={report.byDay} texts={texts} money={(amount) => money(amount, report.revenue[0]?.currency ?? "COP", locale)} />
          </section>
          <section>
            <h3>{texts["reports.boardings"]}</h3>
            {report.checkIns.length === 0 ? (
              <p className="staff-muted">{texts["reports.none"]}</p>
            ) : (
              <ul>
                {report.checkIns.map((row) => (
                  <li key={row.leg}>
                    {row.leg}: {row.count}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section>
            <h3>{texts["reports.seats_left"]}</h3>
            <StaffTable
              rows={report.seatsLeft}
              rowKey={(row) => `${row.eventDateId}-${row.variantId}`}
              columns={[
                { key: "date", header: texts["reports.date"], cell: (row) => when(event?.dates.find((date) => date.id === row.eventDateId)?.startsAt ?? null, report.timeZone, texts) },
                { key: "subcategory", header: texts["reports.col.subcategory"], cell: (row) => row.name },
                { key: "stock", header: texts["reports.col.stock"], numeric: true, cell: (row) => row.stock },
                { key: "taken", header: texts["reports.col.taken"], numeric: true, cell: (row) => row.taken },
                { key: "left", header: texts["reports.col.left"], numeric: true, cell: (row) => row.left },
              ]}
            />
          </section>
        </div>
      ) : null}
    </div>
  );
}

/** A subcategory's tickets per event date: sold, held by unpaid orders and still on sale (what limits a lower stock). */
import { useEffect, useState } from "react";
import { api } from "../../../client/api";
import type { VariantStock } from "../../../shared/schemas/admin/catalogue";
import { formatDateTime } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { AdminTexts } from "./texts";

export function StockPanel({ id, texts }: { id: number; texts: AdminTexts; locale: Locale }) {
  const [stock, setStock] = useState<VariantStock | null>(null);
  useEffect(() => {
    let live = true;
    api("GET /shop-api/admin/variants/:id/stock", { params: { id } })
      .then((answer) => live && setStock(answer))
      .catch(() => live && setStock(null));
    return () => {
      live = false;
    };
  }, [id]);
  if (!stock) return null;
  return (
    <section className="admin-stock" aria-labelledby="admin-stock-title">
      <h3 id="admin-stock-title">{texts["admin.stock.title"]}</h3>
      {stock.dates.length === 0 ? (
        <p className="empty-text">{texts["admin.stock.none"]}</p>
      ) : (
        <table className="purchases staff-table">
          <thead>
            <tr>
              <th scope="col">{texts["admin.field.date"]}</th>
              <th scope="col" className="num">
                {texts["admin.stock.sold"]}
              </th>
              <th scope="col" className="num">
                {texts["admin.stock.held"]}
              </th>
              <th scope="col" className="num">
                {texts["admin.stock.available"]}
              </th>
            </tr>
          </thead>
          <tbody>
            {stock.dates.map((date) => (
              <tr key={date.eventDateId}>
                <td data-label={texts["admin.field.date"]}>{formatDateTime(date.startDate, stock.timeZone)}</td>
                <td data-label={texts["admin.stock.sold"]} className="num">
                  {date.sold}
                </td>
                <td data-label={texts["admin.stock.held"]} className="num">
                  {date.held}
                </td>
                <td data-label={texts["admin.stock.available"]} className="num">
                  {date.available}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

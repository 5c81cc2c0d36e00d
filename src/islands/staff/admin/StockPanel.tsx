/** A subcategory's tickets per event date: sold, held by unpaid orders and still on sale (what limits a lower stock). */
import { useEffect, useState } from "react";
import { api } from "../../../client/api";
import type { VariantStock } from "../../../shared/schemas/admin/products";
import { formatDateTime } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import { StaffTable } from "../StaffTable";
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
        <StaffTable
          rows={stock.dates}
          rowKey={(date) => String(date.eventDateId)}
          columns={[
            { key: "date", header: texts["admin.field.date"], cell: (date) => formatDateTime(date.startDate, stock.timeZone) },
            { key: "sold", header: texts["admin.stock.sold"], numeric: true, cell: (date) => date.sold },
            { key: "held", header: texts["admin.stock.held"], numeric: true, cell: (date) => date.held },
            { key: "available", header: texts["admin.stock.available"], numeric: true, cell: (date) => date.available },
          ]}
        />
      )}
    </section>
  );
}

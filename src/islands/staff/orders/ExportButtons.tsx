/**
 * The four downloads of orders or their passengers, as CSV or XLSX, for what the screen shows: a search on the
 * orders list, or one event date on the sales report. The server neutralises formula-like cells in both formats.
 */
import type { Locale } from "../../../shared/locales";
import { showToast } from "../../../stores/toasts";
import { downloadStaffFile } from "../download-file";
import type { SectionProps } from "../section-props";

const DOWNLOADS = [
  ["orders", "csv", "exports.orders_csv"],
  ["orders", "xlsx", "exports.orders_xlsx"],
  ["passengers", "csv", "exports.passengers_csv"],
  ["passengers", "xlsx", "exports.passengers_xlsx"],
] as const;

export function ExportButtons({ texts, locale, filter }: { texts: SectionProps["texts"]; locale: Locale; filter: { q?: string; eventDateId?: number } }) {
  return (
    <div className="order-desk-actions" role="group" aria-label={texts["exports.title"]}>
      {DOWNLOADS.map(([kind, format, label]) => (
        <button
          key={label}
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => {
            const query = new URLSearchParams({ kind, format });
            if (filter.q) query.set("q", filter.q);
            if (filter.eventDateId) query.set("eventDateId", String(filter.eventDateId));
            downloadStaffFile(`/shop-api/staff/exports?${query}`, `rodamos-${kind}.${format}`, locale).catch(() => showToast("error", texts["staff_day.load_error"]));
          }}
        >
          {texts[label]}
        </button>
      ))}
    </div>
  );
}

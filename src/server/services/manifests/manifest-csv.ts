/**
 * A manifest as CSV for a spreadsheet or a clipboard: one line per passenger, the columns in the staff's language,
 * times in the event country's clock. Every cell goes through the exports' one formula-safe rule, since names and
 * addresses are typed by buyers.
 */
import { translate, type MessageKey } from "../../../shared/i18n";
import { formatDateTime } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { Manifest } from "../../../shared/schemas/answers/staff-day";
import { csvCell } from "../../../shared/exports/cells";
import { MANIFEST_PAYMENT } from "../../../shared/domain/dispatch";

const COLUMNS = [
  "manifests.col.load",
  "manifests.col.county",
  "manifests.col.stop",
  "manifests.col.pickup",
  "manifests.col.address",
  "manifests.col.passenger",
  "manifests.col.phone",
  "manifests.col.order",
  "manifests.col.payment",
  "manifests.col.boarded_outbound",
  "manifests.col.boarded_return",
  "manifests.col.return_departs",
  "manifests.col.drop_off",
  "manifests.col.needs",
] as const satisfies readonly MessageKey[];

export { csvCell };

export function manifestCsv(manifest: Manifest, locale: Locale, timeZone: string): string {
  const t = (key: MessageKey) => translate(locale, key);
  const yesNo = (value: boolean) => t(value ? "manifests.yes" : "manifests.no");
  const lines = [COLUMNS.map((key) => csvCell(t(key))).join(",")];
  for (const load of manifest.runs) {
    load.stops.forEach((stop, index) => {
      for (const passenger of stop.passengers) {
        lines.push(
          [
            load.number,
            stop.countyName,
            index + 1,
            formatDateTime(stop.pickupAt, timeZone),
            stop.address,
            passenger.name,
            passenger.phone,
            passenger.orderId,
            t(passenger.payment === MANIFEST_PAYMENT.paid ? "manifests.paid" : "manifests.pending"),
            yesNo(passenger.checkedIn.outbound),
            yesNo(passenger.checkedIn.return),
            // The return's times once published; until then the sheet's header carries the estimated departure.
            stop.returnDepartsAt ? formatDateTime(stop.returnDepartsAt, timeZone) : t("manifests.return_pending"),
            stop.dropOffAt ? formatDateTime(stop.dropOffAt, timeZone) : "",
            passenger.needs.map((need) => t(`need.${need}`)).join("; "),
          ]
            .map(csvCell)
            .join(","),
        );
      }
    });
  }
  // CRLF (RFC 4180) and a byte-order mark so spreadsheet programs read the accents as UTF-8.
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

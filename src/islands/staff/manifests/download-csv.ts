/**
 * A manifest as a CSV download. The server writes every cell through the exports' formula-safe rule
 * (src/shared/exports/cells.ts), so what buyers typed never runs as a spreadsheet formula.
 */
import { downloadStaffFile } from "../download-file";

export function downloadManifestCsv(eventDateId: number, provinceId: number, locale: string): Promise<void> {
  return downloadStaffFile(
    `/shop-api/staff/manifests?eventDateId=${eventDateId}&provinceId=${provinceId}`,
    `rodamos-recorridos-${eventDateId}-${provinceId}.csv`,
    locale,
    "text/csv",
  );
}

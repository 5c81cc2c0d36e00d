/** Fetches a manifest as CSV with the session's token and hands it to the browser as a file download. */
import { getValidToken } from "../../../stores/session";

export async function downloadManifestCsv(eventDateId: number, provinceId: number, locale: string): Promise<void> {
  const response = await fetch(`/shop-api/staff/manifests?eventDateId=${eventDateId}&provinceId=${provinceId}`, {
    headers: { authorization: `Bearer ${getValidToken() ?? ""}`, accept: "text/csv", "x-locale": locale },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `rodamos-recorridos-${eventDateId}-${provinceId}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

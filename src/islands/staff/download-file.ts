/** Fetches a staff file (CSV, XLSX) with the session's token and hands it to the browser as a download. */
import { getValidToken } from "../../stores/session";

export async function downloadStaffFile(path: string, filename: string, locale: string, accept = "*/*"): Promise<void> {
  const response = await fetch(path, { headers: { authorization: `Bearer ${getValidToken() ?? ""}`, accept, "x-locale": locale } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

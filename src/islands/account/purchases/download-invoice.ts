/**
 * The buyer's invoice of a paid order: fetched with the session's token (the route answers only the order's owner)
 * and handed to the browser as a download.
 */
import { getValidToken } from "../../../stores/session";

export async function downloadInvoice(orderId: number, locale: string): Promise<void> {
  const response = await fetch(`/shop-api/orders/${orderId}/invoice`, {
    headers: { authorization: `Bearer ${getValidToken() ?? ""}`, accept: "application/pdf", "x-locale": locale },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const disposition = response.headers.get("content-disposition") ?? "";
  const named = /filename="([^"]+)"/.exec(disposition)?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = named ?? `rodamos-${orderId}-invoice.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import { ORDER_STATE } from "../../shared/domain/order-states";

/**
 * Where the payment result page finds its order: the path `/order-detail/{id}` (under any site prefix),
 * else the query string (`?orderId=`, `?order=` or `?id=`), as payment gateways send people back.
 */
export function orderIdFrom(location: Pick<Location, "pathname" | "search">): string | undefined {
  const segments = location.pathname.split("/").filter(Boolean);
  const at = segments.indexOf("order-detail");
  const fromPath = at >= 0 ? segments[at + 1] : undefined;
  const query = new URLSearchParams(location.search);
  const id = fromPath ?? query.get("orderId") ?? query.get("order") ?? query.get("id") ?? undefined;
  return id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : undefined;
}

export type PaymentView = "loading" | "success" | "cancelled" | "error";

/** The payment result page shows Success for a paid order, Cancelled for a cancelled one, Error for any other state. */
export function viewOf(paymentState: unknown): Exclude<PaymentView, "loading"> {
  if (paymentState === ORDER_STATE.paid) return "success";
  if (paymentState === ORDER_STATE.cancelled) return "cancelled";
  return "error";
}

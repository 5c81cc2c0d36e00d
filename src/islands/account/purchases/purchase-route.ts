/**
 * The purchase detail has its own address, /my-account/payments/{orderId}, so the back button closes it and a
 * reload keeps it open; the return link goes back to /my-account/payments.
 */
import { useCallback, useEffect, useState } from "react";

const DETAIL = /^(.*\/my-account\/payments)\/(\d+)\/?$/;

/** The order id a path names, or null on the list itself. */
export function orderIdFromPath(pathname: string): number | null {
  const match = DETAIL.exec(pathname);
  return match ? Number(match[2]) : null;
}

/** The list's address for the path (keeps the site prefix). */
export function listPath(pathname: string): string {
  const match = DETAIL.exec(pathname);
  if (match) return match[1]!;
  return pathname.replace(/\/$/, "");
}

export function usePurchaseRoute() {
  const [openId, setOpenId] = useState<number | null>(() => (typeof window === "undefined" ? null : orderIdFromPath(window.location.pathname)));

  useEffect(() => {
    const onPop = () => setOpenId(orderIdFromPath(window.location.pathname));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const open = useCallback((id: number) => {
    window.history.pushState(null, "", `${listPath(window.location.pathname)}/${id}`);
    setOpenId(id);
    window.scrollTo({ top: 0 });
  }, []);

  const close = useCallback(() => {
    window.history.pushState(null, "", listPath(window.location.pathname));
    setOpenId(null);
  }, []);

  return { openId, open, close, listHref: typeof window === "undefined" ? "" : listPath(window.location.pathname) };
}

/**
 * The running server's expiry sweep: every ORDER_SWEEP_SECONDS it marks unpaid orders past their hold `expired`
 * (the stock count already ignores them; this makes their state say so in the account and frees their discount
 * use). Off in tests, which sweep explicitly, and when ORDER_SWEEP_SECONDS is 0.
 */
import type { ShopContext } from "../../context";
import { expireHolds } from "./release";

const running = new WeakSet<ShopContext>();

export function startExpirySweeper(deps: ShopContext): void {
  const seconds = deps.env.ORDER_SWEEP_SECONDS;
  if (seconds === 0 || deps.env.NODE_ENV === "test" || running.has(deps)) return;
  running.add(deps);
  let warned = false;
  const timer = setInterval(() => {
    expireHolds(deps.db, deps.now()).catch((error: unknown) => {
      // A closed database at shutdown, or a passing outage: the next purchase sweeps its event anyway.
      if (!warned) console.warn("order expiry sweep failed:", error instanceof Error ? error.message : error);
      warned = true;
    });
  }, seconds * 1000);
  // The sweep never keeps the process alive on its own.
  timer.unref();
}

/**
 * The running server's expiry sweep: every ORDER_SWEEP_SECONDS it marks unpaid orders past their hold `expired`,
 * which gives their seats back to the seat count and frees their discount use (a purchase refused for want of
 * seats also sweeps its event first); then the waiting lists' offers that ran out pass on and the seats that came
 * back are offered to the next in line (waiting-list/offers.ts), and purchase keys past their day are forgotten
 * (idempotency/answer-once.ts). It runs in the leader process only (outbox/leader.ts). Off in tests, which
 * sweep explicitly, and when ORDER_SWEEP_SECONDS is 0. Answers how to stop it.
 */
import type { ShopContext } from "../../context";
import { sweepWaitingLists } from "../waiting-list/offers";
import { forgetExpiredKeys } from "../idempotency/answer-once";

export function startExpirySweeper(deps: ShopContext): () => void {
  const seconds = deps.env.ORDER_SWEEP_SECONDS;
  if (seconds === 0 || deps.env.NODE_ENV === "test") return () => {};
  let warned = false;
  const timer = setInterval(() => {
    // Holds first, then the waiting lists: offers that ran out pass on, and seats that came back are offered.
    sweepWaitingLists(deps)
      .then(() => forgetExpiredKeys(deps))
      .catch((error: unknown) => {
      // A closed database at shutdown, or a passing outage: a purchase refused for want of seats sweeps its event anyway.
      if (!warned) console.warn("order expiry sweep failed:", error instanceof Error ? error.message : error);
      warned = true;
    });
  }, seconds * 1000);
  // The sweep never keeps the process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}

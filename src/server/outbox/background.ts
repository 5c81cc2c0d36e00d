/**
 * The background work of a serving shop process: every process delivers its own commits' mails at once
 * (`outbox.wake`); the outbox poll and the hold sweeper run in the leader only (leader.ts), so N processes on one
 * PostgreSQL sweep and poll once between them.
 */
import type { ShopContext } from "../context";
import { startExpirySweeper } from "../services/orders/sweeper";
import { electLeader, type Leadership } from "./leader";

export function startBackgroundWork(deps: ShopContext, options: { leaderRetryMs?: number } = {}): Leadership {
  deps.outbox.acceptWakes();
  return electLeader(deps.db, {
    retryMs: options.leaderRetryMs,
    onElected() {
      const stopSweeper = startExpirySweeper(deps);
      deps.outbox.start();
      return () => {
        stopSweeper();
        deps.outbox.stop();
      };
    },
  });
}

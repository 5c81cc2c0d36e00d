import type { ConfirmationLedger } from "./types";

/**
 * The default ledger: a Set in memory, per set of adapters. It forgets on restart and is not shared between
 * processes, which is why the adapters also ask the provider where it can tell (a second Webpay commit); the
 * purchase service should pass a ledger on payments.idempotency_key for durable once-only confirmation.
 */
export function memoryLedger(): ConfirmationLedger {
  const seen = new Set<string>();
  return {
    async record(key) {
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
  };
}

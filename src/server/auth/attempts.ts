/** Refusing and counting attempts against the shop's rate rules, with the minutes to wait in the refusal. */
import { ShopError } from "../../shared/domain/shop-error";
import type { ShopContext } from "../context";
import type { RateRule } from "./rate-limit";

export interface AttemptCheck {
  rule: RateRule;
  subject: string;
}

/**
 * Counts this attempt against every rule first, then refuses when any count went past its limit: counting and
 * checking are one atomic step per rule, so attempts sent at once cannot all pass the check before being counted.
 * Returns the reservations, for a caller whose rule counts only failures to take back on success.
 */
export async function spendAttempt(deps: Pick<ShopContext, "auth">, checks: AttemptCheck[]) {
  let minutes: number | undefined;
  for (const { rule, subject } of checks) {
    const wait = await deps.auth.limiter.reserve(rule, subject);
    if (wait !== undefined) minutes = Math.max(minutes ?? 0, wait);
  }
  if (minutes !== undefined) throw new ShopError("too_many_attempts", undefined, { minutes });
}

/** Takes back attempts reserved by spendAttempt that their rules do not count (only failures count). */
export async function giveBackAttempt(deps: Pick<ShopContext, "auth">, checks: AttemptCheck[]) {
  for (const { rule, subject } of checks) await deps.auth.limiter.release(rule, subject);
}

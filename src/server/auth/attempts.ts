/** Refusing and counting attempts against the shop's rate rules, with the minutes to wait in the refusal. */
import { ShopError } from "../../shared/domain/shop-error";
import type { ShopContext } from "../context";
import type { RateRule } from "./rate-limit";

export interface AttemptCheck {
  rule: RateRule;
  subject: string;
}

/** 429 too_many_attempts {minutes} when any subject is over its rule's limit. */
export async function refuseWhenLimited(deps: Pick<ShopContext, "auth">, checks: AttemptCheck[], now: Date) {
  for (const { rule, subject } of checks) {
    const minutes = await deps.auth.limiter.blockedFor(rule, subject, now.getTime());
    if (minutes !== undefined) throw new ShopError("too_many_attempts", undefined, { minutes });
  }
}

/** Refuses when over the limit, else counts this attempt: for requests limited whether they succeed or not. */
export async function spendAttempt(deps: Pick<ShopContext, "auth">, checks: AttemptCheck[], now: Date) {
  await refuseWhenLimited(deps, checks, now);
  for (const { rule, subject } of checks) await deps.auth.limiter.hit(rule, subject, now.getTime());
}

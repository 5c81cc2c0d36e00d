/**
 * Log-in (POST /shop-api/login answers a token). Wrong email and wrong password
 * get the same answer (login_error) and take the same time; an unverified account is told to verify only
 * once its password was right. Failures lock an account+address pair and an address; an account as a whole is
 * only slowed by a growing delay, so strangers cannot lock its owner out (docs/decisions.md).
 */
import { eq } from "drizzle-orm";
import type { Login } from "../../../shared/schemas/auth";
import { decoyHash, hashPassword, needsRehash, verifyPassword } from "../../auth/passwords";
import { giveBackAttempt, spendAttempt } from "../../auth/attempts";
import { accountDelayMs, LOGIN_QUEUE_MAX_MS, RATE_RULES } from "../../auth/rate-limit";
import { signSessionToken } from "../../auth/session-tokens";
import { users } from "../../db/schema";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import { findUserByEmail } from "./users";

/** The subject of the account+address counter. */
export function loginPair(email: string, ip: string): string {
  return `${email.trim().toLowerCase()}|${ip}`;
}

export async function logIn(deps: ShopContext, input: Login, ip: string) {
  const kit = deps.auth;
  const now = deps.now();
  const pair = loginPair(input.email, ip);
  // The attempt is counted (reserved) before the password is checked, atomically with the limit check; a right
  // password gives it back, since only failures count.
  const limits = [
    { rule: RATE_RULES.loginPerIp, subject: ip },
    { rule: RATE_RULES.loginPerPair, subject: pair },
  ];
  await spendAttempt(deps, limits);
  // The account's count too is taken with the attempt, in one atomic step, and the delay worked out from the
  // failures before it. The delay is a turn in the account's queue, shared by every process: guesses sent at once
  // from many addresses wait one after another, each for its own delay after the one before it has ended, and a
  // guess that would wait past LOGIN_QUEUE_MAX_MS is refused without its password being tried.
  const account = { rule: RATE_RULES.loginPerAccount, subject: input.email };
  const delay = accountDelayMs((await kit.limiter.take(account.rule, account.subject)) - 1);
  if (delay > 0) {
    const turn = await kit.limiter.turn("login", input.email.trim(), delay, LOGIN_QUEUE_MAX_MS, deps.now().getTime());
    if (!turn.granted) throw new ShopError("too_many_attempts", undefined, { minutes: Math.max(1, Math.ceil(turn.waitMs / 60_000)) });
    await kit.pause(turn.waitMs);
  }

  const user = await findUserByEmail(deps.db, input.email);
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  // A failure stays counted, on every rule.
  if (!user || !matches) throw new ShopError("login_error");
  // Only failures count: many people behind one address (an office, a venue's wifi) may log in at once.
  await giveBackAttempt(deps, [...limits, account]);
  // An address the mail server refused can never receive its link: the right password lets the person in to
  // correct it (the account area says so); any other unverified account waits for its link.
  if (!user.verifiedAt && !user.emailUndeliverableAt) throw new ShopError("account_not_verified");
  await kit.limiter.reset(RATE_RULES.loginPerPair, pair);
  await kit.limiter.reset(RATE_RULES.loginPerAccount, input.email);

  let passwordHash = user.passwordHash;
  if (needsRehash(passwordHash)) {
    passwordHash = await hashPassword(input.password);
    await deps.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  }
  const session = await signSessionToken(kit.secret, { userId: user.id, role: user.role, tokenVersion: user.tokenVersion }, now);
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}

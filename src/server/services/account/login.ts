/**
 * Log-in (storefront spec section 7: POST /shop-api/login answers a token). Wrong email and wrong password
 * get the same answer (login_error) and take the same time; an unverified account is told to verify only
 * once its password was right. Attempts are limited per IP and per account (issue 3).
 */
import { eq } from "drizzle-orm";
import type { Login } from "../../../shared/schemas/auth";
import { authKit } from "../../auth/auth-kit";
import { decoyHash, hashPassword, needsRehash, verifyPassword } from "../../auth/passwords";
import { RATE_RULES } from "../../auth/rate-limit";
import { signSessionToken } from "../../auth/session-tokens";
import { users } from "../../db/schema";
import { ApiError } from "../../http/answer";
import type { AppDeps } from "../../http/context";
import { findUserByEmail } from "./users";

export async function refuseWhenLimited(
  deps: AppDeps,
  checks: { rule: (typeof RATE_RULES)[keyof typeof RATE_RULES]; subject: string }[],
  now: Date,
) {
  const { limiter } = authKit(deps);
  for (const { rule, subject } of checks) {
    const minutes = await limiter.blockedFor(rule, subject, now.getTime());
    if (minutes !== undefined) throw new ApiError(429, "too_many_attempts", undefined, { minutes });
  }
}

export async function logIn(deps: AppDeps, input: Login, ip: string) {
  const kit = authKit(deps);
  const now = kit.now();
  await refuseWhenLimited(
    deps,
    [
      { rule: RATE_RULES.loginPerIp, subject: ip },
      { rule: RATE_RULES.loginPerAccount, subject: input.email },
    ],
    now,
  );

  const user = await findUserByEmail(deps.db, input.email);
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !matches) {
    // Only failures count: many people behind one address (an office, a venue's wifi) may log in at once.
    await kit.limiter.hit(RATE_RULES.loginPerIp, ip, now.getTime());
    await kit.limiter.hit(RATE_RULES.loginPerAccount, input.email, now.getTime());
    throw new ApiError(401, "login_error");
  }
  if (!user.verifiedAt) throw new ApiError(403, "account_not_verified");
  await kit.limiter.reset(RATE_RULES.loginPerAccount, input.email);

  let passwordHash = user.passwordHash;
  if (needsRehash(passwordHash)) {
    passwordHash = await hashPassword(input.password);
    await deps.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  }
  const session = await signSessionToken(kit.secret, { userId: user.id, role: user.role, passwordHash }, now);
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}

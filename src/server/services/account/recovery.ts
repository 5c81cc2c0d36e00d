/**
 * Account recovery (storefront spec sections 2, 5, 7, 8): POST /shop-api/recovery mails a link to
 * /recovery-account/{token}; POST /shop-api/reset-password?token= sets the new password. An unknown email
 * is told so, as the spec's message requires. Recovery is limited per IP and per account.
 */
import { eq } from "drizzle-orm";
import type { ResetPassword } from "../../../shared/schemas/auth";
import { authKit } from "../../auth/auth-kit";
import { hashPassword } from "../../auth/passwords";
import { RATE_RULES } from "../../auth/rate-limit";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { ApiError } from "../../http/answer";
import type { AppDeps } from "../../http/context";
import { mailerFor } from "../../mail/mailer";
import { accountLink, resetMail } from "./account-mails";
import { publicOrigin } from "./links";
import { refuseWhenLimited } from "./login";
import { consumeToken, issueToken } from "./one-time-tokens";
import { findUserByEmail } from "./users";

/** Counts a recovery-like request (recovery, resend verification) against the IP and the account. */
export async function limitRecovery(deps: AppDeps, email: string, ip: string, now: Date) {
  const { limiter } = authKit(deps);
  await refuseWhenLimited(
    deps,
    [
      { rule: RATE_RULES.recoveryPerIp, subject: ip },
      { rule: RATE_RULES.recoveryPerAccount, subject: email },
    ],
    now,
  );
  await limiter.hit(RATE_RULES.recoveryPerIp, ip, now.getTime());
  await limiter.hit(RATE_RULES.recoveryPerAccount, email, now.getTime());
}

export async function requestRecovery(deps: AppDeps, email: string, ip: string) {
  const now = authKit(deps).now();
  await limitRecovery(deps, email, ip, now);
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new ApiError(404, "email_not_registered");
  const token = await issueToken(deps.db, user.id, "reset", now);
  const link = accountLink(publicOrigin(deps.env), user, "recovery-account", token);
  await mailerFor(deps).send(resetMail(user, link));
}

/**
 * Sets the new password. Opening the mailed link proves the person owns the address, so an account that was
 * never verified becomes verified too (docs/decisions.md). Sessions signed before stop working (the token
 * carries a fingerprint of the password hash).
 */
export async function resetPassword(deps: AppDeps, token: string, input: ResetPassword) {
  const kit = authKit(deps);
  const now = kit.now();
  const passwordHash = await hashPassword(input.password1);
  const email = await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const userId = await consumeToken(t, token, "reset", now);
    const [user] = await t.select({ email: users.email, verifiedAt: users.verifiedAt }).from(users).where(eq(users.id, userId));
    await t
      .update(users)
      .set({ passwordHash, verifiedAt: user!.verifiedAt ?? now })
      .where(eq(users.id, userId));
    return user!.email;
  });
  await kit.limiter.reset(RATE_RULES.loginPerAccount, email);
  return { email };
}

/**
 * Account recovery: POST /shop-api/recovery mails a link to
 * /recovery-account/{token}; POST /shop-api/reset-password?token= sets the new password. An unknown email
 * is told so ("El correo ingresado no se encuentra registrado"; docs/decisions.md weighs what that reveals). Recovery is limited per IP and per account.
 */
import { eq, sql } from "drizzle-orm";
import type { ResetPassword } from "../../../shared/schemas/auth";
import { hashPassword } from "../../auth/passwords";
import { RATE_RULES } from "../../auth/rate-limit";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import { accountLink, resetMail } from "./account-mails";
import { publicOrigin } from "../../origin";
import { spendAttempt } from "../../auth/attempts";
import { consumeToken, issueToken } from "./one-time-tokens";
import { findUserByEmail } from "./users";

/** Counts a recovery-like request (recovery, resend verification) against the IP and the account. */
export async function limitRecovery(deps: ShopContext, email: string, ip: string) {
  await spendAttempt(deps, [
    { rule: RATE_RULES.recoveryPerIp, subject: ip },
    { rule: RATE_RULES.recoveryPerAccount, subject: email },
  ]);
}

export async function requestRecovery(deps: ShopContext, email: string, ip: string) {
  const now = deps.now();
  await limitRecovery(deps, email, ip);
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new ShopError("email_not_registered");
  const token = await issueToken(deps.db, user.id, "reset", now);
  const link = accountLink(publicOrigin(deps.env), user, "recovery-account", token);
  await deps.mailer.send(resetMail(user, link));
}

/**
 * Sets the new password. Opening the mailed link proves the person owns the address, so an account that was
 * never verified becomes verified too (docs/decisions.md). Sessions signed before stop working (the token
 * version moves on).
 */
export async function resetPassword(deps: ShopContext, token: string, input: ResetPassword) {
  const kit = deps.auth;
  const now = deps.now();
  const passwordHash = await hashPassword(input.password1);
  const email = await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const userId = await consumeToken(t, token, "reset", now);
    const [user] = await t.select({ email: users.email, verifiedAt: users.verifiedAt }).from(users).where(eq(users.id, userId));
    await t
      .update(users)
      .set({ passwordHash, verifiedAt: user!.verifiedAt ?? now, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId));
    return user!.email;
  });
  // A new password is a fresh start for the account's delay (address pairs keep their own counts).
  await kit.limiter.reset(RATE_RULES.loginPerAccount, email);
  return { email };
}

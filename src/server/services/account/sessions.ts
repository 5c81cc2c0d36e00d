/**
 * Ending sessions and changing the sign-in email. Sessions end by raising the account's token version
 * (docs/decisions.md): log-out, a new password and a new email each end every older token of the account.
 * The email changes only once the new address proves itself by its mailed link, and only with the current
 * password; the old address is then told.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { EmailChange } from "../../../shared/schemas/account";
import { sitePrefix, type CountryCode, type Locale } from "../../../shared/locales";
import { ShopError } from "../../../shared/domain/shop-error";
import { giveBackAttempt, spendAttempt } from "../../auth/attempts";
import { verifyPassword } from "../../auth/passwords";
import { RATE_RULES } from "../../auth/rate-limit";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { publicOrigin } from "../../origin";
import { emailChangedNotice, emailChangeMail, type MailRecipient } from "./account-mails";
import { loginPair } from "./login";
import { issueToken, spendToken } from "./one-time-tokens";
import { findUserById, isUniqueViolation } from "./users";

/** Ends every session of the account (this one included). */
export async function endSessions(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, userId));
}

async function emailTaken(db: Db, email: string, userId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)));
  return Boolean(taken);
}

/**
 * Checks the password (a wrong one counts like a failed log-in from this address) and mails the confirmation
 * link to the new address. Nothing changes until it is opened.
 */
export async function requestEmailChange(deps: ShopContext, userId: number, input: EmailChange, ip: string) {
  const now = deps.now();
  const user = await findUserById(deps.db, userId);
  if (!user) throw new ShopError("unauthorized");
  const pair = loginPair(user.email, ip);
  // Counted before the password is checked (atomically with the limit), given back when it is right.
  const limits = [{ rule: RATE_RULES.loginPerPair, subject: pair }];
  await spendAttempt(deps, limits);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await deps.auth.limiter.hit(RATE_RULES.loginPerAccount, user.email);
    throw new ShopError("wrong_password", { password: "errors.wrong_password" });
  }
  await giveBackAttempt(deps, limits);
  if (input.email.toLowerCase() === user.email.toLowerCase()) throw new ShopError("email_unchanged", { email: "errors.email_unchanged" });
  if (await emailTaken(deps.db, input.email, userId)) throw new ShopError("email_already_registered", { email: "errors.email_already_registered" });
  const token = await issueToken(deps.db, userId, "email", now, input.email);
  await sendEmailChangeLink(deps, { ...user, email: input.email }, token);
}

/** The mail to the new address (one side effect, after the token is stored). */
export async function sendEmailChangeLink(deps: ShopContext, recipient: MailRecipient, token: string) {
  const link = `${publicOrigin(deps.env)}/shop-api/confirm-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(emailChangeMail(recipient, link));
}

/** Opens the link: the new email takes effect, every session ends, and the old address is told. Answers the site to land on. */
export async function confirmEmailChange(deps: ShopContext, token: string): Promise<{ sitePrefix: string }> {
  const now = deps.now();
  const changed = await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const { userId, newEmail } = await spendToken(t, token, "email", now);
    const before = await findUserById(t, userId);
    if (!before || !newEmail) throw new ShopError("token_invalid");
    if (await emailTaken(t, newEmail, userId)) throw new ShopError("email_already_registered");
    try {
      await t
        .update(users)
        // The new address proved itself by its link: it is verified, and no refusal of the old one stands.
        .set({ email: newEmail, tokenVersion: sql`${users.tokenVersion} + 1`, verifiedAt: before.verifiedAt ?? now, emailUndeliverableAt: null, emailUndeliverableReason: null })
        .where(eq(users.id, userId));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ShopError("email_already_registered");
      throw error;
    }
    return { before, newEmail };
  });
  await tellOldAddress(deps, changed.before, changed.newEmail);
  return { sitePrefix: sitePrefix(changed.before.countryCode as CountryCode, changed.before.localeCode as Locale) };
}

/** The notice to the address the account had (one side effect, after the change committed). */
export async function tellOldAddress(deps: ShopContext, before: MailRecipient, newEmail: string) {
  try {
    await deps.mailer.send(emailChangedNotice(before, newEmail));
  } catch (error) {
    console.error("email-change notice not sent:", error instanceof Error ? error.message : error);
  }
}

/**
 * Sign-up and verification. A new customer starts
 * unverified and receives a link to /verify-account/{token}; until it is opened the account cannot log in
 * (docs/decisions.md), and a new link can be asked for.
 */
import { ROLE } from "../../../shared/domain/roles";
import { eq } from "drizzle-orm";
import type { SignUp } from "../../../shared/schemas/auth";
import { COUNTRY_LOCALES, type Locale } from "../../../shared/locales";
import { hashPassword } from "../../auth/passwords";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import { permanentRefusalOf } from "../../mail/mailer";
import { accountLink, verificationMail, type MailRecipient } from "./account-mails";
import { publicOrigin } from "../../origin";
import { consumeToken, issueToken } from "./one-time-tokens";
import { findUserByEmail, isUniqueViolation } from "./users";

/** The language the person signed up in when their country offers it, else the country's own. */
export function localeForCountry(countryCode: SignUp["countryCode"], requested: Locale): Locale {
  const offered = COUNTRY_LOCALES[countryCode];
  return offered.includes(requested) ? requested : offered[0]!;
}

async function sendVerification(deps: ShopContext, user: MailRecipient & { id: number }, now: Date) {
  const token = await issueToken(deps.db, user.id, "verify", now);
  const link = accountLink(publicOrigin(deps.env), user, "verify-account", token);
  try {
    await deps.mailer.send(verificationMail(user, link));
  } catch (error) {
    // The account exists either way; the person can ask for a new link from the log-in dialog.
    console.error("verification mail not sent:", error instanceof Error ? error.message : error);
    // Refused for good: no link can ever reach this address. The account is marked, its next log-in is let in
    // on the password alone (it cannot be verified otherwise) and told to correct the address.
    const refusal = permanentRefusalOf(error);
    if (refusal) await deps.db.update(users).set({ emailUndeliverableAt: now, emailUndeliverableReason: refusal }).where(eq(users.id, user.id));
  }
}

export async function registerCustomer(deps: ShopContext, input: SignUp, locale: Locale, now: Date) {
  if (await findUserByEmail(deps.db, input.email)) throw new ShopError("email_already_registered");
  const passwordHash = await hashPassword(input.plainPassword);
  let created: typeof users.$inferSelect | undefined;
  try {
    [created] = await deps.db
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        birthday: input.birthday,
        countryCode: input.countryCode,
        localeCode: localeForCountry(input.countryCode, locale),
        role: ROLE.customer,
      })
      .returning();
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new ShopError("email_already_registered");
    throw error;
  }
  await sendVerification(deps, created!, now);
  return { id: created!.id, email: created!.email };
}

export async function verifyAccount(db: Db, token: string, now: Date) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const userId = await consumeToken(t, token, "verify", now);
    const [user] = await t.select({ email: users.email, verifiedAt: users.verifiedAt }).from(users).where(eq(users.id, userId));
    // The link arrived after all: the address works.
    if (!user!.verifiedAt) await t.update(users).set({ verifiedAt: now, emailUndeliverableAt: null, emailUndeliverableReason: null }).where(eq(users.id, userId));
    return { email: user!.email };
  });
}

/** A new verification link for an account that has not opened its first one. */
export async function resendVerification(deps: ShopContext, email: string, now: Date) {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new ShopError("email_not_registered");
  if (user.verifiedAt) throw new ShopError("account_already_verified");
  await sendVerification(deps, user, now);
}

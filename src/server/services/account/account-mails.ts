/** The account mails (verification, password reset, email change and its notice), localized, as HTML and plain text. */
import { translate } from "../../../shared/i18n";
import type { MessageKey } from "../../../shared/i18n";
import { sitePrefix, type CountryCode, type Locale } from "../../../shared/locales";
import { escapeHtml, mailButton, mailLinkText, mailShell } from "../../mail/mail-html";
import type { MailMessage } from "../../mail/mailer";

export interface MailRecipient {
  email: string;
  firstName: string;
  countryCode: string;
  localeCode: string;
}

/** The page a link opens, under the user's own site prefix (e.g. /cl/es-cl/verify-account/...). */
export function accountLink(origin: string, user: MailRecipient, page: "verify-account" | "recovery-account", token: string) {
  return `${origin}${sitePrefix(user.countryCode as CountryCode, user.localeCode as Locale)}/${page}/${token}`;
}

type LinkMail = "verify" | "reset" | "email_change";

/** A mail with a button to `link`, or, for a notice (`link` undefined), without one. */
function compose(user: MailRecipient, kind: LinkMail | "email_changed", link: string | undefined, params: Record<string, string> = {}): MailMessage {
  const locale = user.localeCode as Locale;
  const t = (key: MessageKey, values?: Record<string, string>) => translate(locale, key, values);
  const subject = t(`mail.${kind}.subject`);
  const greeting = t("mail.greeting", { name: user.firstName });
  const body = t(`mail.${kind}.body`, params);
  const button = kind === "email_changed" ? "" : t(`mail.${kind}.button`);
  const expiry = t(`mail.${kind}.expiry`);
  const action = link ? ["", `${button}: ${link}`] : [];
  const text = [greeting, "", body, ...action, "", expiry, "", "--", t("mail.footer")].join("\n");
  const e = escapeHtml;
  const inner = `<p style="margin:0 0 16px">${e(greeting)}</p>
<p style="margin:0 0 24px">${e(body)}</p>
${link ? linkBlock(link, button, t("mail.link_hint")) : ""}
<p style="margin:0;font-size:14px;color:#555">${e(expiry)}</p>`;
  const html = mailShell(locale, subject, inner, t("mail.footer"));
  return { to: user.email, subject, text, html, links: link ? [link] : [] };
}

function linkBlock(link: string, button: string, hint: string): string {
  return `${mailButton(link, button)}
<p style="margin:0 0 8px;font-size:14px;color:#555">${escapeHtml(hint)}</p>
${mailLinkText(link)}`;
}

export function verificationMail(user: MailRecipient, link: string): MailMessage {
  return compose(user, "verify", link);
}

export function resetMail(user: MailRecipient, link: string): MailMessage {
  return compose(user, "reset", link);
}

/** To the new address: the link that makes it the account's email. */
export function emailChangeMail(user: MailRecipient, link: string): MailMessage {
  return compose(user, "email_change", link);
}

/** To the old address, once the change took effect: what it changed to, so a stolen account is noticed. */
export function emailChangedNotice(user: MailRecipient, newEmail: string): MailMessage {
  return compose(user, "email_changed", undefined, { email: newEmail });
}

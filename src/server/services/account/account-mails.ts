/** The account mails (verification, password reset, email change and its notice), localized, as HTML and plain text. */
import { translate } from "../../../shared/i18n";
import type { MessageKey } from "../../../shared/i18n";
import { sitePrefix, type CountryCode, type Locale } from "../../../shared/locales";
import type { MailMessage } from "../../mail/mailer";

export interface MailRecipient {
  email: string;
  firstName: string;
  countryCode: string;
  localeCode: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
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
  const html = `<!doctype html>
<html lang="${locale.replace("_", "-")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#1d1d1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#c2410c;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold">Rodamos</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.5">
<p style="margin:0 0 16px">${e(greeting)}</p>
<p style="margin:0 0 24px">${e(body)}</p>
${link ? linkBlock(link, button, t("mail.link_hint")) : ""}
<p style="margin:0;font-size:14px;color:#555">${e(expiry)}</p>
</td></tr>
<tr><td style="padding:16px 28px;background:#fafafa;font-size:12px;color:#666">${e(t("mail.footer"))}</td></tr>
</table></td></tr></table></body></html>`;
  return { to: user.email, subject, text, html, links: link ? [link] : [] };
}

function linkBlock(link: string, button: string, hint: string): string {
  const e = escapeHtml;
  return `<p style="margin:0 0 24px"><a href="${e(link)}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px">${e(button)}</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#555">${e(hint)}</p>
<p style="margin:0 0 24px;font-size:14px;word-break:break-all"><a href="${e(link)}" style="color:#b34700">${e(link)}</a></p>`;
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

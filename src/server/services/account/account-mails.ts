/** The two account mails (verification, password reset), localized, as HTML and plain text. */
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

function compose(user: MailRecipient, kind: "verify" | "reset", link: string): MailMessage {
  const locale = user.localeCode as Locale;
  const t = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  const subject = t(`mail.${kind}.subject`);
  const greeting = t("mail.greeting", { name: user.firstName });
  const body = t(`mail.${kind}.body`);
  const button = t(`mail.${kind}.button`);
  const expiry = t(`mail.${kind}.expiry`);
  const text = [greeting, "", body, "", `${button}: ${link}`, "", expiry, "", "--", t("mail.footer")].join("\n");
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
<p style="margin:0 0 24px"><a href="${e(link)}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px">${e(button)}</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#555">${e(t("mail.link_hint"))}</p>
<p style="margin:0 0 24px;font-size:14px;word-break:break-all"><a href="${e(link)}" style="color:#b34700">${e(link)}</a></p>
<p style="margin:0;font-size:14px;color:#555">${e(expiry)}</p>
</td></tr>
<tr><td style="padding:16px 28px;background:#fafafa;font-size:12px;color:#666">${e(t("mail.footer"))}</td></tr>
</table></td></tr></table></body></html>`;
  return { to: user.email, subject, text, html, links: [link] };
}

export function verificationMail(user: MailRecipient, link: string): MailMessage {
  return compose(user, "verify", link);
}

export function resetMail(user: MailRecipient, link: string): MailMessage {
  return compose(user, "reset", link);
}

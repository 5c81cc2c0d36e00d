/** A plain mail of a few paragraphs and one button, in the shop's look: what the group mails share. */
import type { Locale } from "../../shared/locales";
import type { MailMessage } from "./mailer";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

export interface SimpleMail {
  to: string;
  subject: string;
  lines: string[];
  button?: { label: string; href: string };
  footer: string;
  locale: Locale;
  key?: string;
}

export function simpleMail(mail: SimpleMail): MailMessage {
  const e = escapeHtml;
  const text = [...mail.lines, ...(mail.button ? ["", `${mail.button.label}: ${mail.button.href}`] : []), "", "--", mail.footer].join("\n");
  const html = `<!doctype html>
<html lang="${mail.locale.replace("_", "-")}"><head><meta charset="utf-8"><title>${e(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#1d1d1f">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:28px;font-size:16px;line-height:1.5">
${mail.lines.map((line) => `<p>${e(line)}</p>`).join("\n")}
${mail.button ? `<p><a href="${e(mail.button.href)}" style="display:inline-block;background:#c2410c;color:#fff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px">${e(mail.button.label)}</a></p>` : ""}
<p style="font-size:12px;color:#666">${e(mail.footer)}</p>
</div></body></html>`;
  return { to: mail.to, subject: mail.subject, text, html, links: mail.button ? [mail.button.href] : [], ...(mail.key ? { key: mail.key } : {}) };
}

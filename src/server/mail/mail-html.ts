/**
 * The one HTML shell every mail of the shop is written in (account, order and invitation mails): the brand's
 * header, a white card of at most 560 px in table layout (mail clients ignore most CSS), and the footer line.
 * Every text put in it goes through `escapeHtml`.
 */
import { escapeHtml } from "../../shared/format/escape-html";
import { localeTag, type Locale } from "../../shared/locales";

export { escapeHtml };

/** `inner` is HTML already escaped; `subject` and `footer` are plain text. */
export function mailShell(locale: Locale, subject: string, inner: string, footer: string): string {
  return `<!doctype html>
<html lang="${localeTag(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#1d1d1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#c2410c;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold">Rodamos</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.5">
${inner}
</td></tr>
<tr><td style="padding:16px 28px;background:#fafafa;font-size:12px;color:#666">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
}

/** The mails' call-to-action button. */
export function mailButton(href: string, label: string): string {
  return `<p style="margin:0 0 24px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px">${escapeHtml(label)}</a></p>`;
}

/** A link written out in full, for readers whose client does not show the button. */
export function mailLinkText(href: string): string {
  return `<p style="margin:0 0 24px;font-size:14px;word-break:break-all"><a href="${escapeHtml(href)}" style="color:#b34700">${escapeHtml(href)}</a></p>`;
}

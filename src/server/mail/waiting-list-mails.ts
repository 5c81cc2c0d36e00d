/**
 * The waiting list's mails: seats came back and are held for the next in line until a time, with the link to book
 * them; and an offer that ran out unused, whose seats went to the next in line.
 */
import { translate } from "../../shared/i18n";
import { mailClock } from "./mail-clock";
import type { Locale } from "../../shared/locales";
import { escapeHtml, mailButton, mailLinkText, mailShell } from "./mail-html";
import type { MailMessage } from "./mailer";

export interface WaitingOfferMail {
  to: string;
  firstName: string;
  locale: Locale;
  eventName: string;
  subcategoryName: string;
  /** ISO start of the date. */
  eventDate: string;
  /** ISO end of the offer. */
  until: string;
  /** The event's clock, in which both times are written. */
  timeZone: string;
  /** The reader's own clock; when it reads another hour the mail names the event's ("hora de Madrid"). */
  readerTimeZone: string | null;
  seats: number;
  link: string;
}

export function waitingOfferMail(data: WaitingOfferMail): MailMessage {
  const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(data.locale, key, params);
  const clock = mailClock(data.locale, data.timeZone, data.readerTimeZone);
  const subject = t("mail.waiting.subject", { n: data.seats, event: data.eventName });
  const paragraphs = [
    t("mail.greeting", { name: data.firstName }),
    t("mail.waiting.intro", { n: data.seats, subcategory: data.subcategoryName, event: data.eventName, date: clock(data.eventDate) }),
    t("mail.waiting.until", { n: data.seats, until: clock(data.until) }),
  ];
  const button = t("mail.waiting.button", { n: data.seats });
  return paragraphsMail(data, subject, paragraphs, button);
}

/** The offer ran out: the seats went to the next in line; the event's page lets the person join the list again. */
export function waitingOfferExpiredMail(data: WaitingOfferMail): MailMessage {
  const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(data.locale, key, params);
  const clock = mailClock(data.locale, data.timeZone, data.readerTimeZone);
  const subject = t("mail.waiting_expired.subject", { event: data.eventName });
  const paragraphs = [
    t("mail.greeting", { name: data.firstName }),
    t("mail.waiting_expired.intro", { n: data.seats, subcategory: data.subcategoryName, event: data.eventName, date: clock(data.eventDate), until: clock(data.until) }),
    t("mail.waiting_expired.again"),
  ];
  const button = t("mail.waiting_expired.button");
  return paragraphsMail(data, subject, paragraphs, button);
}

/** Both mails: their paragraphs, one button to the link, the link written out, and the footer; as HTML and as text. */
function paragraphsMail(data: WaitingOfferMail, subject: string, paragraphs: string[], button: string): MailMessage {
  const footer = translate(data.locale, "mail.footer");
  const html = mailShell(
    data.locale,
    subject,
    `${paragraphs.map((text) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`).join("\n")}
${mailButton(data.link, button)}
${mailLinkText(data.link)}`,
    footer,
  );
  const text = [...paragraphs.flatMap((line) => [line, ""]), `${button}: ${data.link}`, "", "--", footer].join("\n");
  return { to: data.to, subject, text, html, links: [data.link] };
}

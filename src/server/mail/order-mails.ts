/**
 * The order mails, localized, as HTML and plain text: the order confirmation with the
 * ticket QR code, the bank-transfer instructions (with the 24 h validation), "payment received" after staff
 * confirm a transfer (it carries the QR code too, since the order is now paid), and the refund of a payment that
 * arrived after its seats were sold.
 *
 * The QR code is inlined as a PNG data URL: MailMessage (mailer.ts) has no attachments, so a cid: image is not
 * possible yet; the code's text and a link to the purchase are in the mail as well for clients that hide it.
 */
import { translate, type MessageKey, type Params } from "../../shared/i18n";
import { mailClock } from "./mail-clock";
import { formatPrice } from "../../shared/format/money";
import type { Locale } from "../../shared/locales";
import { escapeHtml, mailButton, mailShell } from "./mail-html";
import { REFUND_REASON, type RefundReason } from "../../shared/domain/refunds";
import { ORDER_MONEY_KEYS } from "../../shared/domain/order-money";
import type { MailMessage } from "./mailer";
import type { PaymentCode } from "../../shared/domain/payment-codes";

export interface OrderMailData {
  to: string;
  firstName: string;
  locale: Locale;
  orderId: number;
  eventName: string;
  /** ISO start of the chosen date. */
  eventDate: string;
  /** The event's clock: every time in the mail is written in it. */
  timeZone: string;
  /** The reader's own clock (their account country's); when it reads another hour the mail names the event's. */
  readerTimeZone?: string | null;
  currency: string;
  subtotal: number;
  total: number;
  tickets: MailTicketLine[];
  /** The account page that lists the purchase; null for a payer without the order's account (a friend's share). */
  link: string | null;
}

export interface TicketCode {
  text: string;
  /** data:image/png;base64,... */
  image: string;
}

/** A passenger's own ticket, and whether it was also mailed to the passenger's own address. */
export interface PassengerTicketMail {
  name: string;
  email: string;
  code: TicketCode;
  mailed: boolean;
}

/** The account a transfer goes to (src/server/sellers.ts TransferDetails): an IBAN country has no number or kind. */
export interface BankDetails {
  bankName: string;
  accountType?: string;
  accountId?: string;
  iban?: string;
  bic?: string;
  holder?: string;
  dni: string;
  email: string;
}

/** The button to the purchase, and its line in the text, when the reader has an account that lists it. */
function viewLink(data: OrderMailData, t: ReturnType<typeof translator>) {
  return data.link ? { html: mailButton(data.link, t("mail.order.view")), text: [`${t("mail.order.view")}: ${data.link}`, ""], links: [data.link] } : { html: "", text: [], links: [] };
}

/** A time of the order on the event's clock, "(hora de Madrid)" added for a reader whose clock reads another hour. */
function clockTime(data: OrderMailData, iso: string): string {
  return mailClock(data.locale, data.timeZone, data.readerTimeZone)(iso);
}

function translator(locale: Locale) {
  return (key: MessageKey, params?: Params) => translate(locale, key, params);
}

function summary(data: OrderMailData) {
  const t = translator(data.locale);
  const money = (value: number) => formatPrice(value, data.currency, data.locale);
  const rows: [string, string][] = [
    [t("mail.order.event"), data.eventName],
    [t("mail.order.date"), clockTime(data, data.eventDate)],
  ];
  if (data.subtotal !== data.total) {
    rows.push([t("mail.order.subtotal"), money(data.subtotal)], [t("mail.order.discount"), money(data.total - data.subtotal)]);
  }
  rows.push([t("mail.order.total"), money(data.total)]);
  const ticketLines = data.tickets.map((ticket) => `${ticket.name}: ${ticket.passengers.join(", ")}`);
  const e = escapeHtml;
  const html = `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;font-size:15px">
${rows.map(([label, value]) => `<tr><td style="padding:4px 12px 4px 0;color:#555;white-space:nowrap">${e(label)}</td><td style="padding:4px 0;font-weight:bold">${e(value)}</td></tr>`).join("\n")}
</table>
<p style="margin:0 0 6px;font-weight:bold">${e(t("mail.order.tickets"))}</p>
<ul style="margin:0 0 20px;padding-left:20px">${data.tickets
    .map((ticket) => `<li>${e(ticket.name)}<br><span style="color:#555">${e(t("mail.order.passengers"))}: ${e(ticket.passengers.join(", "))}</span></li>`)
    .join("")}</ul>`;
  const text = [...rows.map(([label, value]) => `${label}: ${value}`), "", `${t("mail.order.tickets")}:`, ...ticketLines.map((line) => `- ${line}`)].join("\n");
  return { html, text };
}

function qrBlock(locale: Locale, code: TicketCode): { html: string; text: string } {
  const t = translator(locale);
  const e = escapeHtml;
  return {
    html: `<p style="margin:0 0 8px;text-align:center"><img src="${code.image}" width="240" height="240" alt="${e(t("mail.order.qr_alt"))}" style="display:inline-block;width:240px;height:240px"></p>
<p style="margin:0 0 24px;font-size:14px;color:#555;text-align:center">${e(t("mail.order.qr_hint"))}</p>`,
    text: `${t("mail.order.qr_hint")}\n${code.text}`,
  };
}

/** One block per passenger (two or more): the name and that passenger's own code; then who was mailed their ticket. */
function passengerBlocks(locale: Locale, passengers: readonly PassengerTicketMail[]): { html: string; text: string } {
  if (passengers.length === 0) return { html: "", text: "" };
  const t = translator(locale);
  const e = escapeHtml;
  const mailed = passengers.filter((passenger) => passenger.mailed);
  const sentLine = mailed.length ? t("mail.tickets.sent_to", { people: mailed.map((passenger) => `${passenger.name} (${passenger.email})`).join(", ") }) : "";
  // A one-passenger booking's code above is that passenger's ticket: only who was mailed theirs is said.
  if (passengers.length < 2) return sentLine ? { html: `<p style="margin:0 0 20px">${e(sentLine)}</p>`, text: sentLine } : { html: "", text: "" };
  const html = `<p style="margin:0 0 6px;font-weight:bold">${e(t("mail.tickets.heading"))}</p>
<p style="margin:0 0 12px;font-size:14px;color:#555">${e(t("mail.tickets.hint"))}</p>
${passengers
  .map(
    (passenger) => `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 12px;border:1px solid #e4e4e7;border-radius:8px"><tr>
<td style="padding:8px;width:184px"><img src="${passenger.code.image}" width="180" height="180" alt="${e(t("mail.tickets.qr_alt", { name: passenger.name }))}" style="display:block;width:180px;height:180px"></td>
<td style="padding:8px 12px;font-size:16px;font-weight:bold">${e(passenger.name)}</td></tr></table>`,
  )
  .join("\n")}
${sentLine ? `<p style="margin:0 0 20px">${e(sentLine)}</p>` : ""}`;
  const text = [t("mail.tickets.heading"), ...passengers.map((passenger) => `- ${passenger.name}: ${passenger.code.text}`), ...(sentLine ? ["", sentLine] : [])].join("\n");
  return { html, text };
}


/** A paid order's calendar files: attached, and named in a line of the mail. */
export interface TripFiles {
  note: string;
  attachments: NonNullable<MailMessage["attachments"]>;
}

function paidMail(data: OrderMailData, code: TicketCode, kind: "order" | "received", trip?: TripFiles, passengers: readonly PassengerTicketMail[] = []): MailMessage {
  const t = translator(data.locale);
  const e = escapeHtml;
  const subject = kind === "order" ? t("mail.order.subject", { event: data.eventName }) : t("mail.received.subject", { id: data.orderId });
  const intro = kind === "order" ? t("mail.order.intro") : t("mail.received.intro");
  const greeting = t("mail.greeting", { name: data.firstName });
  const number = t("mail.order.number", { id: data.orderId });
  const details = summary(data);
  const qr = qrBlock(data.locale, code);
  const own = passengerBlocks(data.locale, passengers);
  const html = mailShell(
    data.locale,
    subject,
    `<p style="margin:0 0 16px">${e(greeting)}</p>
<p style="margin:0 0 16px">${e(intro)}</p>
<p style="margin:0 0 16px;font-weight:bold">${e(number)}</p>
${qr.html}
${own.html}
${details.html}
${trip ? `<p style="margin:0 0 16px">${e(trip.note)}</p>` : ""}
${viewLink(data, t).html}`,
    t("mail.footer"),
  );
  const text = [
    greeting,
    "",
    intro,
    "",
    number,
    "",
    qr.text,
    "",
    ...(own.text ? [own.text, ""] : []),
    details.text,
    "",
    ...(trip ? [trip.note, ""] : []),
    ...viewLink(data, t).text,
    "--",
    t("mail.footer"),
  ].join("\n");
  return { to: data.to, subject, text, html, links: viewLink(data, t).links, ...(trip ? { attachments: trip.attachments } : {}) };
}

/** The order confirmation, with the order's QR code and each passenger's: sent once, when the order becomes paid. */
export function orderConfirmationMail(data: OrderMailData, code: TicketCode, trip?: TripFiles, passengers: readonly PassengerTicketMail[] = []): MailMessage {
  return paidMail(data, code, "order", trip, passengers);
}

/** After staff confirm a bank transfer: the payment arrived, here are the tickets. */
export function paymentReceivedMail(data: OrderMailData, code: TicketCode, trip?: TripFiles, passengers: readonly PassengerTicketMail[] = []): MailMessage {
  return paidMail(data, code, "received", trip, passengers);
}

/**
 * A passenger's own ticket, mailed to the address the buyer gave for them (in the buyer's language: the shop
 * knows no other for them): who booked it, the ride, and the code that lets this passenger alone in.
 */
export function passengerTicketMail(data: OrderMailData, passenger: PassengerTicketMail, buyerName: string): MailMessage {
  const t = translator(data.locale);
  const e = escapeHtml;
  const subject = t("mail.passenger.subject", { event: data.eventName });
  const greeting = t("mail.greeting", { name: passenger.name });
  const intro = t("mail.passenger.intro", { buyer: buyerName, event: data.eventName });
  const when = `${t("mail.order.date")}: ${clockTime(data, data.eventDate)}`;
  const number = t("mail.order.number", { id: data.orderId });
  const html = mailShell(
    data.locale,
    subject,
    `<p style="margin:0 0 16px">${e(greeting)}</p>
<p style="margin:0 0 16px">${e(intro)}</p>
<p style="margin:0 0 16px;font-weight:bold">${e(when)}<br>${e(number)}</p>
<p style="margin:0 0 8px;text-align:center"><img src="${passenger.code.image}" width="240" height="240" alt="${e(t("mail.tickets.qr_alt", { name: passenger.name }))}" style="display:inline-block;width:240px;height:240px"></p>
<p style="margin:0 0 24px;font-size:14px;color:#555;text-align:center">${e(t("mail.passenger.hint"))}</p>`,
    t("mail.footer"),
  );
  const text = [greeting, "", intro, "", when, number, "", t("mail.passenger.hint"), passenger.code.text, "", "--", t("mail.footer")].join("\n");
  return { to: passenger.email, subject, text, html, links: [] };
}

/** Right after a transfer purchase: where to transfer, until when the seats are held, and the 24 h validation. */
export function transferInstructionsMail(data: OrderMailData, bank: BankDetails, holdUntil: string | null): MailMessage {
  const t = translator(data.locale);
  const e = escapeHtml;
  const subject = t("mail.transfer.subject", { id: data.orderId });
  const greeting = t("mail.greeting", { name: data.firstName });
  const intro = t("mail.transfer.intro", { total: formatPrice(data.total, data.currency, data.locale) });
  const number = t("mail.order.number", { id: data.orderId });
  const rows: [string, string | undefined][] = [
    [t("mail.transfer.bank"), bank.bankName],
    [t("mail.transfer.account_type"), bank.accountType],
    [t("mail.transfer.account_id"), bank.accountId],
    [t("mail.transfer.iban"), bank.iban],
    [t("mail.transfer.bic"), bank.bic],
    [t("mail.transfer.holder"), bank.holder],
    [t("mail.transfer.dni"), bank.dni],
    [t("mail.transfer.email"), bank.email],
  ];
  const bankRows = rows.filter((row): row is [string, string] => Boolean(row[1]));
  const hold = holdUntil ? t("mail.transfer.hold", { until: clockTime(data, holdUntil) }) : "";
  const validation = t("mail.transfer.validation");
  const details = summary(data);
  const html = mailShell(
    data.locale,
    subject,
    `<p style="margin:0 0 16px">${e(greeting)}</p>
<p style="margin:0 0 12px">${e(intro)}</p>
<p style="margin:0 0 12px;font-weight:bold">${e(number)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px;font-size:15px;background:#fff7ed;border-radius:8px">
${bankRows.map(([label, value]) => `<tr><td style="padding:6px 12px;color:#555">${e(label)}</td><td style="padding:6px 12px;font-weight:bold">${e(value)}</td></tr>`).join("\n")}
</table>
${hold ? `<p style="margin:0 0 12px">${e(hold)}</p>` : ""}
<p style="margin:0 0 20px">${e(validation)}</p>
${details.html}
${viewLink(data, t).html}`,
    t("mail.footer"),
  );
  const text = [
    greeting,
    "",
    intro,
    number,
    "",
    ...bankRows.map(([label, value]) => `${label}: ${value}`),
    "",
    ...(hold ? [hold] : []),
    validation,
    "",
    details.text,
    "",
    ...viewLink(data, t).text,
    "--",
    t("mail.footer"),
  ].join("\n");
  return { to: data.to, subject, text, html, links: viewLink(data, t).links };
}

/**
 * An order mail that only tells something (a refund, a refused transfer): greeting, the given paragraphs with
 * the order number, the order's figures (its summary unless the mail brings its own) and the link to the order.
 */
function noticeMail(data: OrderMailData, subject: string, paragraphs: { text: string; html?: string }[], details: { html: string; text: string } = summary(data)): MailMessage {
  const t = translator(data.locale);
  const e = escapeHtml;
  const greeting = t("mail.greeting", { name: data.firstName });
  const html = mailShell(
    data.locale,
    subject,
    `<p style="margin:0 0 16px">${e(greeting)}</p>
${paragraphs.map((paragraph) => paragraph.html ?? `<p style="margin:0 0 12px">${e(paragraph.text)}</p>`).join("\n")}
${details.html}
${viewLink(data, t).html}`,
    t("mail.footer"),
  );
  const text = [greeting, "", ...paragraphs.flatMap((paragraph) => [paragraph.text, ""]), details.text, "", ...viewLink(data, t).text, "--", t("mail.footer")].join("\n");
  return { to: data.to, subject, text, html, links: viewLink(data, t).links };
}

/** Tickets with their passengers' names, as a mail lists them. */
export interface MailTicketLine {
  name: string;
  passengers: string[];
}

/** What a refund mail says: how much, how it goes back, why, whose seats went back and what stays booked. */
export interface RefundMailFacts {
  amount: number;
  /** The payment method's catalogue name (payments.method.*). */
  method: PaymentCode | (string & {});
  reason: RefundReason;
  /** By card: given back; by hand: still to pay (the buyer is asked where) or paid. */
  how: "card" | "manual_pending" | "manual_paid";
  /** Staff's own words to the buyer, as typed at the desk (none when the buyer or the shop itself refunded). */
  note?: string | null;
  /** The tickets this refund gave back, with their passengers. */
  refunded: MailTicketLine[];
  /** The tickets still booked on the order after it (none: nothing stays). */
  kept: MailTicketLine[];
  /** What the buyer paid for the order, every refund of it so far (this one included), in minor units. */
  paid: number;
  refundedTotal: number;
  /**
   * The buyer's copy of a refund paid to someone else (a friend who paid their share): who paid and got the money.
   * Absent: the mail goes to the one who paid.
   */
  paidBy?: { name: string; email: string };
  /** The account holder who cancelled the booking, when the one told is a friend who paid it ("customer_cancelled"). */
  cancelledBy?: string;
}

const REFUND_REASON_KEY = {
  requested: "mail.refund.reason.requested",
  customer_cancelled: "mail.refund.reason.customer_cancelled",
  event_cancelled: "mail.refund.reason.event_cancelled",
  seats_resold: "mail.refund.reason.seats_resold",
  event_rescheduled: "mail.refund.reason.event_rescheduled",
  service_issue: "mail.refund.reason.service_issue",
  duplicate_purchase: "mail.refund.reason.duplicate_purchase",
  price_correction: "mail.refund.reason.price_correction",
  other: "mail.refund.reason.other",
} as const satisfies Record<RefundReason, MessageKey>;

const METHOD_KEY: Record<string, MessageKey> = {
  webpay: "payments.method.webpay",
  mercadopago: "payments.method.mercadopago",
  transferencia: "payments.method.transferencia",
};

/**
 * A refund's own summary instead of the order's: whose tickets went back and for how much, what stays booked, and
 * the order's real figures after it (paid, refunded so far, what the order comes to now). The order's `total`
 * alone would tell the value of the tickets left, never the money.
 */
function refundSummary(data: OrderMailData, facts: RefundMailFacts) {
  const t = translator(data.locale);
  const e = escapeHtml;
  const money = (value: number) => formatPrice(value, data.currency, data.locale);
  const rows: [string, string][] = [
    [t("mail.order.event"), data.eventName],
    [t("mail.order.date"), clockTime(data, data.eventDate)],
    [t("mail.refund.amount"), money(facts.amount)],
    facts.paidBy ? [t("mail.refund.paid_by", { name: facts.paidBy.name }), money(facts.paid)] : [t(ORDER_MONEY_KEYS.paid), money(facts.paid)],
    [t(ORDER_MONEY_KEYS.refunded), money(facts.refundedTotal)],
    // The order's total now: the same net the account page, the order desk and the exports show.
    [t(ORDER_MONEY_KEYS.net), money(Math.max(facts.paid - facts.refundedTotal, 0))],
  ];
  const lists: [string, MailTicketLine[]][] = [[t("mail.refund.refunded"), facts.refunded]];
  if (facts.kept.length) lists.push([t("mail.refund.kept"), facts.kept]);
  const line = (ticket: MailTicketLine) => `${ticket.name}: ${ticket.passengers.join(", ")}`;
  const html = `${lists
    .map(
      ([label, tickets]) => `<p style="margin:0 0 6px;font-weight:bold">${e(label)}</p>
<ul style="margin:0 0 16px;padding-left:20px">${tickets.map((ticket) => `<li>${e(ticket.name)}<br><span style="color:#555">${e(t("mail.order.passengers"))}: ${e(ticket.passengers.join(", "))}</span></li>`).join("")}</ul>`,
    )
    .join("\n")}
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;font-size:15px">
${rows.map(([label, value]) => `<tr><td style="padding:4px 12px 4px 0;color:#555;white-space:nowrap">${e(label)}</td><td style="padding:4px 0;font-weight:bold">${e(value)}</td></tr>`).join("\n")}
</table>`;
  const text = [...lists.flatMap(([label, tickets]) => [`${label}:`, ...tickets.map((ticket) => `- ${line(ticket)}`), ""]), ...rows.map(([label, value]) => `${label}: ${value}`)].join("\n");
  return { html, text };
}

/**
 * Money going back to the buyer, in their language: the reason (the one staff chose, and their own words), how
 * it goes back, whose seats were refunded, what stays booked, and the order's figures after the refund.
 */
export function refundMail(data: OrderMailData, facts: RefundMailFacts): MailMessage {
  const t = translator(data.locale);
  const e = escapeHtml;
  const number = t("mail.order.number", { id: data.orderId });
  const amount = formatPrice(facts.amount, data.currency, data.locale);
  const method = METHOD_KEY[facts.method] ? t(METHOD_KEY[facts.method]!) : facts.method;
  const payer = facts.paidBy ? { amount, method, name: facts.paidBy.name, email: facts.paidBy.email } : null;
  const subject = payer
    ? t("mail.refund.copy.subject", { id: data.orderId, name: payer.name })
    : facts.how === "manual_pending"
      ? t("mail.refund.subject_pending", { id: data.orderId })
      : t("mail.refund.subject", { id: data.orderId });
  // The buyer's copy says whom the money went to; the payer's own mail says it went back to them.
  const how = payer
    ? t(facts.how === "card" ? "mail.refund.copy.card" : facts.how === "manual_pending" ? "mail.refund.copy.manual_pending" : "mail.refund.copy.manual_paid", payer)
    : facts.how === "card"
      ? t("mail.refund.card", { amount, method })
      : facts.how === "manual_pending"
        ? t("mail.refund.manual_pending", { amount })
        : t("mail.refund.manual_paid", { amount });
  const reason =
    facts.reason === REFUND_REASON.customer_cancelled && facts.cancelledBy
      ? t("mail.refund.reason.customer_cancelled_by", { name: facts.cancelledBy, event: data.eventName })
      : t(REFUND_REASON_KEY[facts.reason], { event: data.eventName });
  const note = facts.note?.trim() ? t("mail.refund.note", { note: facts.note.trim() }) : "";
  const paragraphs = [
    { text: reason },
    ...(note ? [{ text: note, html: `<p style="margin:0 0 12px;padding:12px;background:#f4f4f5;border-radius:8px">${e(note)}</p>` }] : []),
    { text: how },
    { text: number, html: `<p style="margin:0 0 16px;font-weight:bold">${e(number)}</p>` },
  ];
  return noticeMail(data, subject, paragraphs, refundSummary(data, facts));
}

/** Staff could not validate a bank transfer: the order is cancelled, and the buyer reads why and what to do. */
export function transferRejectedMail(data: OrderMailData, reason: string): MailMessage {
  const t = translator(data.locale);
  const number = t("mail.order.number", { id: data.orderId });
  const why = t("mail.rejected.reason", { reason });
  return noticeMail(data, t("mail.rejected.subject", { id: data.orderId }), [
    { text: t("mail.rejected.intro") },
    { text: number, html: `<p style="margin:0 0 12px;font-weight:bold">${escapeHtml(number)}</p>` },
    { text: why, html: `<p style="margin:0 0 12px;padding:12px;background:#fef2f2;border-radius:8px">${escapeHtml(why)}</p>` },
    { text: t("mail.rejected.help") },
  ]);
}

/** The event was cancelled: the order is cancelled with it, and the buyer reads whether money is coming back. */
export function eventCancelledMail(data: OrderMailData, refund: boolean): MailMessage {
  const t = translator(data.locale);
  const number = t("mail.order.number", { id: data.orderId });
  return noticeMail(data, t("mail.event_cancelled.subject", { event: data.eventName, id: data.orderId }), [
    { text: t("mail.event_cancelled.intro", { event: data.eventName }) },
    { text: number, html: `<p style="margin:0 0 12px;font-weight:bold">${escapeHtml(number)}</p>` },
    { text: refund ? t("mail.event_cancelled.refund", { total: formatPrice(data.total, data.currency, data.locale) }) : t("mail.event_cancelled.unpaid") },
  ]);
}

/**
 * The invitation mails (one outbox job per guest, promised in the approval's transaction): each guest gets the event link and a
 * personal claim link, in their own language when they have an account, else in the organiser's. The claim
 * token is stored only as its SHA-256.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { translate, type MessageKey } from "../../../shared/i18n";
import { timeZoneOf } from "../../../shared/format/dates";
import { mailClock } from "../../mail/mail-clock";
import { readerZoneOf } from "../payers/payer";
import { sitePrefix, type CountryCode, type Locale } from "../../../shared/locales";
import type { ShopContext } from "../../context";
import { privateEvents, events, guests, users } from "../../db/schema";
import type { MailMessage } from "../../mail/mailer";
import { publicOrigin } from "../../origin";
import { escapeHtml, mailButton, mailLinkText, mailShell } from "../../mail/mail-html";
import { enqueue } from "../../outbox/enqueue";
import type { OutboxJob } from "../../outbox/jobs";
import { hasOptedOut, unsubscribeUrl } from "../account/mail-opt-outs";
import { claimDeadline } from "./private-event-rows";
import { formatPrice } from "../../../shared/format/money";
import type { StoredQuote } from "../../db/schema";
import { QUOTE_STATE } from "../../../shared/domain/private-events";

/** The price of one seat: the quoted price per seat, else the total shared by the quoted seats. */
export const seatPrice = (quote: StoredQuote) => quote.perSeat ?? Math.ceil(quote.total / Math.max(quote.seats, 1));

export const hashClaimToken = (token: string) => createHash("sha256").update(token).digest("hex");

interface InvitationData {
  to: string;
  guestName: string;
  organiser: string;
  event: string;
  place: string;
  date: string;
  deadline: string;
  eventLink: string;
  claimLink: string;
  locale: Locale;
  /** Each guest pays their own seat at this price (formatted); absent when the organiser pays the transport. */
  price?: string;
}

export function invitationMail(data: InvitationData): MailMessage {
  const t = (key: MessageKey, params?: Record<string, string>) => translate(data.locale, key, params);
  const subject = t("private_events.mail.subject", { event: data.event });
  const lines = [
    t("private_events.mail.greeting", { name: data.guestName }),
    data.price
      ? t("private_events.mail.invitation_priced", { organiser: data.organiser, event: data.event, date: data.date, place: data.place, price: data.price })
      : t("private_events.mail.body", { organiser: data.organiser, event: data.event, date: data.date, place: data.place }),
    t("private_events.mail.claim", { deadline: data.deadline }),
  ];
  const button = t("private_events.mail.link");
  const text = [...lines, data.claimLink, "", `${button}: ${data.eventLink}`, "", "--", t("mail.footer")].join("\n");
  const inner = `${lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join("\n")}
${mailButton(data.claimLink, button)}
${mailLinkText(data.eventLink)}`;
  const html = mailShell(data.locale, subject, inner, t("mail.footer"));
  return { to: data.to, subject, text, html, links: [data.claimLink, data.eventLink] };
}

type Tx = Parameters<Parameters<ShopContext["db"]["transaction"]>[0]>[0];

/**
 * Promises every guest of a private event its invitation, inside the approval's transaction: each guest gets a fresh
 * personal claim token (its hash on the guest row) and an outbox job that mails it after the commit. The token
 * rides in the job so that a retried delivery mails the same link, never one that a second token outdated.
 */
export async function queueInvitations(tx: Tx, privateEventId: number): Promise<number> {
  const list = await tx.select({ id: guests.id }).from(guests).where(eq(guests.privateEventId, privateEventId));
  for (const guest of list) await queueInvitation(tx, guest.id);
  return list.length;
}

/** One guest's invitation: a fresh personal token (the previous link stops working) and its mail job. */
export async function queueInvitation(tx: Tx, guestId: number): Promise<void> {
  const token = randomBytes(24).toString("base64url");
  await tx.update(guests).set({ claimTokenHash: hashClaimToken(token) }).where(eq(guests.id, guestId));
  await enqueue(tx, "private-event.invitation", { guestId, token });
}

/** The outbox job: one guest's invitation, in the guest's language when they have an account, else the organiser's. */
export interface InvitationJob {
  guestId: number;
  token: string;
}

export async function invitationJob(ctx: ShopContext, payload: InvitationJob, job?: OutboxJob): Promise<void> {
  const [row] = await ctx.db
    .select({ guest: guests, privateEvent: privateEvents, slug: events.slug, countryCode: events.countryCode, owner: users })
    .from(guests)
    .innerJoin(privateEvents, eq(privateEvents.id, guests.privateEventId))
    .innerJoin(events, eq(events.id, privateEvents.eventId))
    .innerJoin(users, eq(users.id, privateEvents.ownerId))
    .where(eq(guests.id, payload.guestId));
  // A guest removed since, or a token replaced by a later invitation: nothing to send.
  if (!row || row.guest.claimTokenHash !== hashClaimToken(payload.token)) return;
  // The guest asked for no more of these (one-click unsubscribe of an earlier one).
  if (await hasOptedOut(ctx.db, row.guest.email)) return;
  const [account] = await ctx.db
    .select({ localeCode: users.localeCode, countryCode: users.countryCode })
    .from(users)
    .where(sql`lower(${users.email}) = ${row.guest.email.toLowerCase()}`);
  const locale = (account?.localeCode ?? row.owner.localeCode) as Locale;
  const country = row.countryCode as CountryCode;
  // The guest's own clock when they hold an account; a guest the shop knows no account of is not told whose it is.
  const clock = mailClock(locale, timeZoneOf(country), readerZoneOf(account));
  const prefix = `${publicOrigin(ctx.env)}${sitePrefix(country, locale)}`;
  await ctx.mailer.send({
    ...invitationMail({
      to: row.guest.email,
      guestName: row.guest.name,
      organiser: `${row.owner.firstName} ${row.owner.lastName}`.trim(),
      event: row.privateEvent.name,
      place: `${row.privateEvent.location}, ${row.privateEvent.address}`,
      date: clock(row.privateEvent.startDate.toISOString()),
      deadline: clock(claimDeadline(row.privateEvent).toISOString()),
      eventLink: `${prefix}/event/${row.slug}`,
      claimLink: `${prefix}/my-account/events?claim=${payload.token}`,
      locale,
      ...(row.privateEvent.quoteState === QUOTE_STATE.guests_pay && row.privateEvent.quote ? { price: formatPrice(seatPrice(row.privateEvent.quote), row.privateEvent.quote.currency, locale) } : {}),
    }),
    unsubscribe: unsubscribeUrl(ctx, row.guest.email),
    // A retried delivery of this job is the same mail: one Message-ID.
    ...(job ? { key: job.mailKey } : {}),
  });
}

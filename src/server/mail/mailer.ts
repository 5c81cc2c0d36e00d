/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise every message is written to a
 * local mail drop (DATA_DIR/mail-drop, one .eml and one .json per mail), its links printed on the console and
 * listed on the dev page /dev/outbox, so a new user can verify an account with no mail server.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Env } from "../env";

/** Who the shop's mails come from (also the ORGANIZER of the calendar files they carry). */
export const MAIL_SENDER = { name: "Rodamos", email: "no-reply@rodamos.co" } as const;
export const MAIL_FROM = `"${MAIL_SENDER.name}" <${MAIL_SENDER.email}>`;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the mail exists for (verification, reset): printed and listed by the local mail drop. */
  links: string[];
  /**
   * The same key on a second send means the same mail (an outbox row retried after a crash): the local mail drop
   * keeps one file for it and SMTP sends it with the same Message-ID, which mail clients show once.
   */
  key?: string;
  /**
   * One-click unsubscribe URL (RFC 8058), for mails to people who never signed up: sent as List-Unsubscribe
   * with List-Unsubscribe-Post, so mail clients offer the button and the address can stop them.
   */
  unsubscribe?: string;
  /** Files sent with the mail (the trip's calendar files). */
  /** `encoding: "base64"`: `content` is a binary file (a PDF) in base64. */
  attachments?: { filename: string; content: string; contentType: string; encoding?: "base64" }[];
}

/** What the mail drop keeps beside the raw .eml, for the dev page and the browser tests. */
export interface DroppedMail extends MailMessage {
  id: string;
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes what the sender keeps open (its pooled SMTP connections) when the shop stops. */
  close?(): void;
}

export function mailDropDir(dataDir: string): string {
  return join(dataDir, "mail-drop");
}

class SmtpMailer implements Mailer {
  constructor(private readonly transport: Transporter) {}

  close() {
    this.transport.close();
  }

  async send(message: MailMessage) {
    await this.transport.sendMail({ from: MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments?.map((file) => ({ ...file })), attachDataUrls: true, ...messageId(message), ...listHeaders(message) });
  }
}

class MailDropMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  private announced = false;
  private sequence = 0;

  constructor(
    private readonly dir: string,
    private readonly quiet: boolean,
    private readonly now: () => Date,
  ) {}

  async send(message: MailMessage) {
    const sentAt = this.now();
    // Sortable by name: time, then a counter (two mails in one millisecond keep their order), then a
    // random tail so two processes writing one mail drop do not collide.
    this.sequence = (this.sequence + 1) % 1_000_000;
    await mkdir(this.dir, { recursive: true });
    const id =
      (message.key && (await this.sentBefore(message.key))) ||
      `${sentAt.toISOString().replace(/[-:.TZ]/g, "")}-${String(this.sequence).padStart(6, "0")}-${message.key ?? randomBytes(3).toString("hex")}`;
    const info = await this.transport.sendMail({ from: MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments?.map((file) => ({ ...file })), attachDataUrls: true, ...messageId(message), ...listHeaders(message) });
    await writeFile(join(this.dir, `${id}.eml`), info.message as Buffer);
    const entry: DroppedMail = { id, sentAt: sentAt.toISOString(), ...message };
    // Written whole or not at all: a process killed mid-write leaves no half mail for the dev page.
    await writeFile(join(this.dir, `${id}.json.tmp`), JSON.stringify(entry, null, 2));
    await rename(join(this.dir, `${id}.json.tmp`), join(this.dir, `${id}.json`));
    if (!this.quiet) {
      if (!this.announced) {
        console.error(`(No SMTP_URL: mails go to ${this.dir}; open /dev/outbox to read them.)`);
        this.announced = true;
      }
      console.error(`\u2709  To ${message.to}: ${message.subject}`);
      for (const link of message.links) console.error(`   ${link}`);
    }
  }

  /** The file name a mail with this key already has, if it was written before. */
  private async sentBefore(key: string): Promise<string | undefined> {
    const suffix = `-${key}.json`;
    return (await readdir(this.dir)).find((name) => name.endsWith(suffix))?.slice(0, -".json".length);
  }
}

function listHeaders(message: MailMessage): { headers?: Record<string, string> } {
  if (!message.unsubscribe) return {};
  return { headers: { "List-Unsubscribe": `<${message.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

function messageId(message: MailMessage): { messageId?: string } {
  return message.key ? { messageId: `<${message.key}@rodamos.co>` } : {};
}

/**
 * The mail server's reply when it refused a mail for good (a 5xx: no such mailbox, a malformed address), or
 * undefined for anything that may pass on a later try (a 4xx, the server out of reach).
 */
export function permanentRefusalOf(error: unknown): string | undefined {
  const { responseCode, response } = (error ?? {}) as { responseCode?: unknown; response?: unknown };
  if (typeof responseCode !== "number" || responseCode < 500 || responseCode > 599) return undefined;
  return typeof response === "string" && response ? response.slice(0, 500) : String(responseCode);
}

/**
 * The SMTP transport: a pool of a few connections kept open and reused for many mails (an on-sale's thousands of
 * tickets would otherwise open and greet the server once per mail), as many as the outbox delivers at once.
 * SMTP_URL's own query (`?pool=false`, `?maxConnections=…`) has the last word.
 */
function smtpPool(env: Env): Transporter {
  return nodemailer.createTransport({ url: env.SMTP_URL, pool: true, maxConnections: env.OUTBOX_CONCURRENCY, maxMessages: 1000 });
}

/** SMTP when SMTP_URL is set, else the local mail drop in DATA_DIR. */
export function createMailer(env: Env, now: () => Date): Mailer {
  return env.SMTP_URL
    ? new SmtpMailer(smtpPool(env))
    : new MailDropMailer(mailDropDir(env.DATA_DIR), env.NODE_ENV === "test", now);
}

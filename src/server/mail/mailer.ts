/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise every message is written to a
 * local outbox (DATA_DIR/outbox, one .eml and one .json per mail), its links printed on the console and
 * listed on the dev page /dev/outbox, so a new user can verify an account with no mail server.
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { AppDeps } from "../http/context";

export const MAIL_FROM = '"Rodamos" <no-reply@rodamos.co>';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the mail exists for (verification, reset): printed and listed by the local outbox. */
  links: string[];
}

/** What the outbox keeps beside the raw .eml, for the dev page and the browser tests. */
export interface OutboxEntry extends MailMessage {
  id: string;
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, "outbox");
}

class SmtpMailer implements Mailer {
  constructor(private readonly transport: Transporter) {}

  async send(message: MailMessage) {
    await this.transport.sendMail({ from: MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html, attachDataUrls: true });
  }
}

class OutboxMailer implements Mailer {
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
    // random tail so two processes writing one outbox do not collide.
    this.sequence = (this.sequence + 1) % 1_000_000;
    const id = `${sentAt.toISOString().replace(/[-:.TZ]/g, "")}-${String(this.sequence).padStart(6, "0")}-${randomBytes(3).toString("hex")}`;
    const info = await this.transport.sendMail({ from: MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html, attachDataUrls: true });
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, `${id}.eml`), info.message as Buffer);
    const entry: OutboxEntry = { id, sentAt: sentAt.toISOString(), ...message };
    await writeFile(join(this.dir, `${id}.json`), JSON.stringify(entry, null, 2));
    if (!this.quiet) {
      if (!this.announced) {
        console.log(`(No SMTP_URL: mails go to ${this.dir}; open /dev/outbox to read them.)`);
        this.announced = true;
      }
      console.log(`\u2709  To ${message.to}: ${message.subject}`);
      for (const link of message.links) console.log(`   ${link}`);
    }
  }
}

const mailers = new WeakMap<AppDeps, Mailer>();

export function mailerFor(deps: AppDeps): Mailer {
  let mailer = mailers.get(deps);
  if (!mailer) {
    mailer = deps.env.SMTP_URL
      ? new SmtpMailer(nodemailer.createTransport(deps.env.SMTP_URL))
      : new OutboxMailer(outboxDir(deps.env.DATA_DIR), deps.env.NODE_ENV === "test", deps.now ?? (() => new Date()));
    mailers.set(deps, mailer);
  }
  return mailer;
}

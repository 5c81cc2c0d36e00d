/** Text messages written to DATA_DIR/sms-outbox (one .json each, sortable by name), read back by /dev/outbox. */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readJsonFolder } from "../mail/outbox";
import type { SmsMessage, SmsSender } from "./sms-sender";

export interface SmsOutboxEntry extends SmsMessage {
  id: string;
  sentAt: string;
}

export function smsOutboxDir(dataDir: string): string {
  return join(dataDir, "sms-outbox");
}

export class OutboxSms implements SmsSender {
  private sequence = 0;

  constructor(
    private readonly dataDir: string,
    private readonly quiet: boolean,
    private readonly now: () => Date,
  ) {}

  async send(message: SmsMessage) {
    const sentAt = this.now();
    this.sequence = (this.sequence + 1) % 1_000_000;
    const id = `${sentAt.toISOString().replace(/[-:.TZ]/g, "")}-${String(this.sequence).padStart(6, "0")}-${randomBytes(3).toString("hex")}`;
    const dir = smsOutboxDir(this.dataDir);
    await mkdir(dir, { recursive: true });
    const entry: SmsOutboxEntry = { id, sentAt: sentAt.toISOString(), to: message.to, body: message.body };
    await writeFile(join(dir, `${id}.json`), JSON.stringify(entry, null, 2));
    if (!this.quiet) console.log(`\u{1F4F1} To ${message.to}: ${message.body}`);
  }
}

/** Newest first. */
export function readSmsOutbox(dataDir: string, limit = 100): Promise<SmsOutboxEntry[]> {
  return readJsonFolder<SmsOutboxEntry>(smsOutboxDir(dataDir), limit);
}

/** The SMS drop: text messages written to DATA_DIR/sms-drop (one .json each, sortable by name), read back by /dev/outbox. */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readJsonFolder } from "../mail/mail-drop";
import type { SmsMessage, SmsSender } from "./sms-sender";

export interface DroppedSms extends SmsMessage {
  id: string;
  sentAt: string;
}

export function smsDropDir(dataDir: string): string {
  return join(dataDir, "sms-drop");
}

export class SmsDrop implements SmsSender {
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
    const dir = smsDropDir(this.dataDir);
    await mkdir(dir, { recursive: true });
    const entry: DroppedSms = { id, sentAt: sentAt.toISOString(), to: message.to, body: message.body };
    await writeFile(join(dir, `${id}.json`), JSON.stringify(entry, null, 2));
    if (!this.quiet) console.error(`\u{1F4F1} To ${message.to}: ${message.body}`);
  }
}

/** Newest first. */
export function readSmsDrop(dataDir: string, limit = 100): Promise<DroppedSms[]> {
  return readJsonFolder<DroppedSms>(smsDropDir(dataDir), limit);
}

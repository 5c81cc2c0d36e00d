/**
 * Twilio's Messages API and the providers that copy it: POST {base}/2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded To / From / Body, HTTP basic auth with the account SID and token. A refusal is thrown with the
 * provider's status so the caller can log it; nothing is retried here (a second "van arriving" is worse than none).
 */
import type { SmsMessage, SmsSender } from "./sms-sender";

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl?: string;
}

const DEFAULT_BASE_URL = "https://api.twilio.com";
const TIMEOUT_MS = 10_000;

export class TwilioSms implements SmsSender {
  constructor(private readonly settings: TwilioSettings) {}

  async send(message: SmsMessage) {
    const { accountSid, authToken, from } = this.settings;
    const base = (this.settings.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const response = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams({ To: message.to, From: from, Body: message.body }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => "");
      throw new Error(`SMS provider answered ${response.status}: ${detail.slice(0, 200)}`);
    }
  }
}

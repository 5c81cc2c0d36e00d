/**
 * The shop's one way to send a text message (passengers get one just before their van arrives). A Twilio-compatible REST API when SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are
 * set; otherwise a local SMS drop folder under DATA_DIR, listed at /dev/outbox beside the mails.
 */
import type { Env } from "../env";
import { SmsDrop } from "./sms-drop";
import type { SmsSender } from "./sms-sender";
import { TwilioSms } from "./twilio-sms";

export function createSms(env: Env, now: () => Date): SmsSender {
  if (env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM) {
    return new TwilioSms({ accountSid: env.SMS_ACCOUNT_SID, authToken: env.SMS_AUTH_TOKEN, from: env.SMS_FROM, baseUrl: env.SMS_BASE_URL });
  }
  return new SmsDrop(env.DATA_DIR, env.NODE_ENV === "test", now);
}

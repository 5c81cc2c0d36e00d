/** What sending a text message takes, whichever way it leaves (sms.ts picks the implementation). */
export interface SmsMessage {
  /** E.164, e.g. +573001234567. */
  to: string;
  body: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

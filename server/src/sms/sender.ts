/** Sends one text message; throws `AppError` with a message the user can read when it cannot. */
export interface SmsSender {
  send(message: { to: string; text: string }): Promise<void>;
}

/** `SMS_PROVIDER=twilio`: the account, and either a sender number (or name) or a messaging service. */
export interface TwilioSettings {
  provider: 'twilio';
  accountSid: string;
  authToken: string;
  /** `TWILIO_FROM`: an E.164 number or an alphanumeric sender id. */
  from?: string | undefined;
  /** `TWILIO_MESSAGING_SERVICE_SID`: Twilio picks the sender from the service's pool. */
  messagingServiceSid?: string | undefined;
}

export type SmsSettings = TwilioSettings;

import type { Locale } from '../i18n';
import { translate } from '../i18n';

export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: Channel;
  /** An email address, or `+<area><number>` for a text message. */
  to: string;
  subject: string;
  text: string;
  /** The verification code the message carries, kept apart for the development mailbox. */
  code: string;
  /** The language the message is written in (what the anti-phishing line is written in). */
  lang?: Locale;
}

/** Delivers messages; throws `AppError` when a channel cannot be used (no SMS gateway). */
export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
}

export function codeMessage(lang: Locale, channel: Channel, to: string, code: string): OutgoingMessage {
  return {
    channel,
    to,
    code,
    lang,
    subject: translate(lang, 'mail_code_subject'),
    text: translate(lang, 'mail_code_text', { code }),
  };
}

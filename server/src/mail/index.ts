import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { createSmsSender, type SmsSender } from '../sms/index';
import { createDevMailer } from './dev-mailer';
import type { Mailer } from './mailer';

export type { Mailer, OutgoingMessage, Channel } from './mailer';
export { codeMessage } from './mailer';

/**
 * Demo: every message goes to the development mailbox. Production: mail through SMTP, texts
 * through the configured SMS provider (config.ts refuses to start production without both).
 * `log` hears why a provider refused a text; the user only sees a localized message.
 */
export function createMailer(config: Config, db: Db, now: () => Date, log?: (err: unknown) => void): Mailer {
  if (config.mode === 'demo') return createDevMailer(db, now);
  if (!config.smtpUrl) throw new Error('SMTP_URL is required in production');
  const sms = config.sms ? createSmsSender(config.sms, log) : undefined;
  return routeByChannel(lazySmtpMailer(config.smtpUrl, config.mailFrom), sms);
}

/** Mail goes to the mailer, texts to the SMS sender; without one a text is refused, not dropped. */
export function routeByChannel(mail: Mailer, sms: SmsSender | undefined): Mailer {
  return {
    async send(message) {
      if (message.channel === 'email') return mail.send(message);
      if (!sms) throw new AppError('sms_unavailable');
      return sms.send({ to: message.to, text: message.text });
    },
  };
}

/** The SMTP mailer, with nodemailer loaded at the first message instead of at every start. */
function lazySmtpMailer(smtpUrl: string, from: string): Mailer {
  let mailer: Promise<Mailer> | undefined;
  return {
    async send(message) {
      mailer ??= import('./smtp-mailer').then((m) => m.createSmtpMailer(m.smtpTransport(smtpUrl), from));
      return (await mailer).send(message);
    },
  };
}

import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createDevMailer } from './dev-mailer';
import type { Mailer } from './mailer';

export type { Mailer, OutgoingMessage, Channel } from './mailer';
export { codeMessage } from './mailer';

export function createMailer(config: Config, db: Db, now: () => Date): Mailer {
  if (config.mode === 'demo') return createDevMailer(db, now);
  if (!config.smtpUrl) throw new Error('SMTP_URL is required in production');
  return lazySmtpMailer(config.smtpUrl, config.mailFrom);
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

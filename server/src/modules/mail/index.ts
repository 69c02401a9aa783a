import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createDevMailer } from './dev-mailer';
import type { Mailer } from './mailer';
import { createSmtpMailer, smtpTransport } from './smtp-mailer';

export type { Mailer, OutgoingMessage, Channel } from './mailer';
export { codeMessage } from './mailer';

export function createMailer(config: Config, db: Db, now: () => Date): Mailer {
  if (config.mode === 'demo') return createDevMailer(db, now);
  if (!config.smtpUrl) throw new Error('SMTP_URL is required in production');
  return createSmtpMailer(smtpTransport(config.smtpUrl), config.mailFrom);
}

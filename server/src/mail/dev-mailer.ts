import type { Db } from '../db/client';
import { devMail } from '../db/schema/index';
import type { Mailer, OutgoingMessage } from './mailer';

/** Demo mode: every message, mail or SMS, lands in the development mailbox table. */
export function createDevMailer(db: Db, now: () => Date): Mailer {
  return {
    async send(message: OutgoingMessage) {
      await db.insert(devMail).values({
        to: message.to,
        channel: message.channel,
        subject: message.subject,
        text: message.text,
        code: message.code,
        sentAt: now(),
      });
    },
  };
}

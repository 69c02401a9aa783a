import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '../../errors';
import type { Mailer, OutgoingMessage } from './mailer';

/**
 * Production: mail through SMTP. No SMS gateway is configured yet, so text messages are refused
 * with a message that points the user to email instead of failing silently.
 */
export function createSmtpMailer(transport: Transporter, from: string): Mailer {
  return {
    async send(message: OutgoingMessage) {
      if (message.channel === 'sms') throw new AppError('sms_unavailable');
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

export function smtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '../errors';
import type { Mailer, OutgoingMessage } from './mailer';

/**
 * Production mail through SMTP. Texts are the SMS provider's (mail/index.ts routes them there);
 * one that reaches this mailer is refused rather than mailed to a phone number.
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

import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as dev from '@contract/dev';
import { AppError } from '../errors';
import { translate } from '../i18n';
import { createTestApp } from '../testing/app';
import { uniqueEmail, uniqueMobile } from '../testing/accounts';
import { describeOnOneDatabase } from '../testing/suite';
import { codeMessage, type Mailer, type OutgoingMessage } from './index';
import { createSmtpMailer } from './smtp-mailer';

describe('SMTP mailer', () => {
  it('sends mail through the transport, from MAIL_FROM', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const spy = {
      sendMail: async (m: object) => {
        sent.push((await transport.sendMail(m)).message as string);
      },
    };
    const mailer = createSmtpMailer(spy as unknown as typeof transport, 'H5 <no-reply@example.com>');
    await mailer.send(codeMessage('en', 'email', 'a@example.com', '123456'));
    const mail = JSON.parse(sent[0] ?? '{}');
    expect(mail.from).toEqual({ address: 'no-reply@example.com', name: 'H5' });
    expect(mail.to).toEqual([{ address: 'a@example.com', name: '' }]);
    expect(mail.subject).toBe('Your verification code');
    expect(mail.text).toContain('123456');
  });

  it('refuses SMS without a gateway', async () => {
    const mailer = createSmtpMailer(nodemailer.createTransport({ jsonTransport: true }), 'x@example.com');
    await expect(mailer.send(codeMessage('en', 'sms', '+85212345678', '123456'))).rejects.toMatchObject({
      key: 'sms_unavailable',
    });
  });
});

describeOnOneDatabase('mail in production', ({ database }) => {
  it('mails codes through the mailer, never into the development mailbox', async () => {
    const outbox: OutgoingMessage[] = [];
    const mailer: Mailer = {
      async send(m) {
        if (m.channel === 'sms') throw new AppError('sms_unavailable');
        outbox.push(m);
      },
    };
    const t = await createTestApp(database(), {
      config: { mode: 'production', smtpUrl: 'smtp://127.0.0.1:9' },
      mailer,
    });
    try {
      const email = uniqueEmail();
      const res = await t.call(auth.sendCode, { user_string: email }, { lang: 'en' });
      expect(res.body.type).toBe('ok');
      expect(outbox).toHaveLength(1);
      expect(outbox[0]?.to).toBe(email);
      expect(outbox[0]?.text).toBe(translate('en', 'mail_code_text', { code: outbox[0]?.code ?? '' }));
      expect((await t.call(dev.devMailbox, { to: email })).status).toBe(404);

      const mobile = uniqueMobile();
      const sms = await t.call(
        auth.sendCode,
        { user_string: mobile, type: 'mobile', area_code: '852' },
        { lang: 'en' },
      );
      expect(sms.body).toEqual({ type: 'error', message: translate('en', 'sms_unavailable') });
      // The failed send does not count: a retry is not told to wait.
      const retry = await t.call(
        auth.sendCode,
        { user_string: mobile, type: 'mobile', area_code: '852' },
        { lang: 'en' },
      );
      expect(retry.body).toEqual({ type: 'error', message: translate('en', 'sms_unavailable') });
    } finally {
      await t.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '@contract/auth';
import { translate } from '../i18n';
import { createTestApp, type TestApp } from '../testing/app';
import { uniqueMobile } from '../testing/accounts';
import { MINUTE } from '../testing/clock';
import { describeOnOneDatabase } from '../testing/suite';
import { routeByChannel, type OutgoingMessage } from '../mail/index';
import { createTwilioSender } from './twilio';
import { startFakeTwilio, type FakeTwilio } from '../testing/twilio-fake';

const SID = `AC${'1f'.repeat(16)}`;
const TOKEN = 'a3c9'.repeat(8);
const FROM = '+15005550006';

let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio();
});
afterAll(() => fake.close());

const sendTo = (t: TestApp, mobile: string, lang: 'en' | 'hk' | 'th') =>
  t.call(auth.sendCode, { user_string: mobile, type: 'mobile', area_code: '852' }, { lang });

describe('Twilio sender', () => {
  it('posts the text to the Messages API of the account, from the configured sender', async () => {
    const sender = createTwilioSender(
      { provider: 'twilio', accountSid: SID, authToken: TOKEN, from: FROM },
      { httpClient: fake.httpClient },
    );
    const before = fake.received.length;
    await sender.send({ to: '+85261234567', text: 'Your code is 123456' });
    expect(fake.received.slice(before)).toEqual([
      {
        path: `/2010-04-01/Accounts/${SID}/Messages.json`,
        auth: `${SID}:${TOKEN}`,
        form: { To: '+85261234567', From: FROM, Body: 'Your code is 123456' },
      },
    ]);
  });

  it('sends through a messaging service when one is configured instead of a number', async () => {
    const service = `MG${'0a'.repeat(16)}`;
    const sender = createTwilioSender(
      { provider: 'twilio', accountSid: SID, authToken: TOKEN, messagingServiceSid: service },
      { httpClient: fake.httpClient },
    );
    await sender.send({ to: '+66812345678', text: 'x' });
    expect(fake.received.at(-1)?.form).toEqual({ To: '+66812345678', MessagingServiceSid: service, Body: 'x' });
  });
});

describeOnOneDatabase('verification codes by text message in production', ({ database }) => {
  let t: TestApp;
  const mailed: OutgoingMessage[] = [];
  const errors: unknown[] = [];
  beforeAll(async () => {
    const sms = createTwilioSender(
      { provider: 'twilio', accountSid: SID, authToken: TOKEN, from: FROM },
      { httpClient: fake.httpClient, log: (err) => errors.push(err) },
    );
    const mail = { send: async (m: OutgoingMessage) => void mailed.push(m) };
    t = await createTestApp(database(), {
      config: { mode: 'production', smtpUrl: 'smtp://127.0.0.1:9' },
      mailer: routeByChannel(mail, sms),
    });
  });
  afterAll(() => t.close());

  it("texts the code in the user's language, then holds the number to the same resend wait as mail", async () => {
    const mobile = uniqueMobile();
    const before = fake.received.length;
    expect((await sendTo(t, mobile, 'hk')).body.type).toBe('ok');
    const sent = fake.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.form.To).toBe(`+852${mobile}`);
    const code = /\d{6}/.exec(sent[0]?.form.Body ?? '')?.[0] ?? '';
    expect(sent[0]?.form.Body).toBe(translate('hk', 'mail_code_text', { code }));
    expect(mailed).toHaveLength(0);

    const again = await sendTo(t, mobile, 'en');
    expect(again.body).toEqual({ type: 'error', message: translate('en', 'code_too_soon', { seconds: 60 }) });
    expect(fake.received).toHaveLength(before + 1);

    const check = await t.call(auth.checkCode, {
      type: 'mobile',
      user_string: mobile,
      area_code: '852',
      scene: 'register',
      email_code: code,
    });
    expect(check.body).toEqual({ type: 'ok', message: { valid: true } });
  });

  it('answers a refused number or a provider failure with a localized message and uses up nothing', async () => {
    t.clock.advance(MINUTE);
    const mobile = uniqueMobile();
    fake.failNext(
      { status: 400, code: 21614, message: "'To' number is not a valid mobile number" },
      { status: 401, code: 20003, message: 'Authenticate' },
    );
    const refused = await sendTo(t, mobile, 'th');
    expect(refused.body).toMatchObject({ type: 'error', message: translate('th', 'mobile_invalid') });
    const failed = await sendTo(t, mobile, 'th');
    expect(failed.body).toEqual({ type: 'error', message: translate('th', 'sms_unavailable') });
    expect(errors).toHaveLength(2);
    // Neither attempt counted: the next request is sent at once, without a resend wait.
    const before = fake.received.length;
    expect((await sendTo(t, mobile, 'th')).body.type).toBe('ok');
    expect(fake.received).toHaveLength(before + 1);
    expect(fake.received.at(-1)?.form.Body).toContain('รหัสยืนยัน');
  });
});

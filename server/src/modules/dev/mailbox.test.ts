import { expect, it } from 'vitest';
import * as auth from '../../../../contract/auth';
import * as dev from '../../../../contract/dev';
import { translate } from '../../i18n';
import { createTestApp } from '../../testing/app';
import { uniqueEmail, uniqueMobile } from '../../testing/accounts';
import { MINUTE } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';

describeEachDatabase('development mailbox', ({ app, database }) => {
  it('lists the mail sent to an address, newest first, localized', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email }, { lang: 'en' });
    t.clock.advance(MINUTE);
    await t.call(auth.sendCode, { user_string: email }, { lang: 'hk' });
    const res = await t.call(dev.devMailbox, { to: email.toUpperCase() });
    expect(res.body.type).toBe('ok');
    const mails = dev.devMailbox.response.parse(res.body.message);
    expect(mails).toHaveLength(2);
    const [newest, oldest] = mails;
    expect(newest?.subject).toBe(translate('hk', 'mail_code_subject'));
    expect(oldest?.subject).toBe('Your verification code');
    expect(oldest?.text).toBe(translate('en', 'mail_code_text', { code: oldest?.code ?? '' }));
    expect(Date.parse(newest?.sent_at ?? '')).toBeGreaterThan(Date.parse(oldest?.sent_at ?? ''));
    expect(newest?.code).toMatch(/^\d{6}$/);
    expect(newest?.to).toBe(email);
  });

  it('addresses SMS as +<area><number>, even when the plus arrives unencoded', async () => {
    const t = app();
    const mobile = uniqueMobile();
    await t.call(auth.sendCode, { user_string: mobile, type: 'mobile', area_code: '81' });
    const encoded = await t.call(dev.devMailbox, { to: `+81${mobile}` });
    expect((encoded.body.message as unknown[]).length).toBe(1);
    const raw = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=+81${mobile}` });
    expect(raw.json().message).toHaveLength(1);
  });

  it('answers an empty list for an address with no mail, and requires `to`', async () => {
    const t = app();
    expect((await t.call(dev.devMailbox, { to: uniqueEmail() })).body).toEqual({ type: 'ok', message: [] });
    const missing = await t.call(dev.devMailbox, {}, { lang: 'en' });
    expect(missing.body).toEqual({ type: 'error', message: 'to is required' });
  });

  it('shows an HTML page with a filter form, the code, escaped content and no script', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email });
    const res = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(email)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const [mail] = (await t.call(dev.devMailbox, { to: email })).body.message as Array<{ code: string }>;
    expect(html).toContain(`<div class="code">${mail?.code}</div>`);
    expect(html).toContain('<form method="get" action="/dev/mailbox">');
    expect(html).not.toContain('<script');
    const injected = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent('"><script>x</script>')}` });
    expect(injected.body).not.toContain('<script>');
    expect(injected.body).toContain('&quot;&gt;&lt;script&gt;');
    const all = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(all.body).toContain(email);
  });

  it('does not exist in production', async () => {
    const t = app();
    const prod = await createTestApp(database(), {
      config: { mode: 'production', smtpUrl: 'smtp://127.0.0.1:9' },
    });
    try {
      const api = await prod.call(dev.devMailbox, { to: 'a@example.com' }, { lang: 'en' });
      expect(api.status).toBe(404);
      expect(api.body).toEqual({ type: 'error', message: 'Not found' });
      const page = await prod.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.statusCode).toBe(404);
      const docs = (await prod.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(Object.keys(docs.paths)).not.toContain('/api/dev/mailbox');
    } finally {
      await prod.close();
    }
    expect((await t.call(dev.devMailbox, { to: 'a@example.com' })).status).toBe(200);
  });
});

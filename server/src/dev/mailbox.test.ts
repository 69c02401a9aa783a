import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as dev from '@contract/dev';
import { translate } from '../i18n';
import { createTestApp } from '../testing/app';
import { uniqueEmail, uniqueMobile } from '../testing/accounts';
import { MINUTE } from '../testing/clock';
import { describeOnOneDatabase } from '../testing/suite';

/** Test apps call from a 10.x address by default; the mailbox answers the machine itself. */
const LOCAL = { ip: '127.0.0.1' };

describeOnOneDatabase('development mailbox', ({ app, database }) => {
  it('lists the mail sent to an address, newest first, localized', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email }, { lang: 'en' });
    t.clock.advance(MINUTE);
    await t.call(auth.sendCode, { user_string: email }, { lang: 'hk' });
    const res = await t.call(dev.devMailbox, { to: email.toUpperCase() }, LOCAL);
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
    const encoded = await t.call(dev.devMailbox, { to: `+81${mobile}` }, LOCAL);
    expect((encoded.body.message as unknown[]).length).toBe(1);
    const raw = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=+81${mobile}` });
    expect(raw.json().message).toHaveLength(1);
  });

  it('answers an empty list for an address with no mail, and requires `to`', async () => {
    const t = app();
    expect((await t.call(dev.devMailbox, { to: uniqueEmail() }, LOCAL)).body).toEqual({ type: 'ok', message: [] });
    const missing = await t.call(dev.devMailbox, {}, { ...LOCAL, lang: 'en' });
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
    const [mail] = (await t.call(dev.devMailbox, { to: email }, LOCAL)).body.message as Array<{ code: string }>;
    expect(html).toContain(`<div class="code">${mail?.code}</div>`);
    expect(html).toContain('<form method="get" action="/dev/mailbox">');
    expect(html).not.toContain('<script');
    const injected = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent('"><script>x</script>')}`,
    });
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
    expect((await t.call(dev.devMailbox, { to: 'a@example.com' }, LOCAL)).status).toBe(200);
  });

  it('answers only loopback requests that no proxy forwarded', async () => {
    const t = app();
    const email = uniqueEmail();
    await t.call(auth.sendCode, { user_string: email });
    const remote = await t.call(dev.devMailbox, { to: email }, { lang: 'en' });
    expect(remote.status).toBe(404);
    expect(remote.body).toEqual({ type: 'error', message: 'Not found' });
    const page = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent(email)}`,
      remoteAddress: '203.0.113.9',
    });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('DEV_MAILBOX_PUBLIC=true');
    expect(page.body).not.toMatch(/\d{6}/);
    for (const address of ['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
        remoteAddress: address,
      });
      expect(res.json().type, address).toBe('ok');
    }
    // A proxy on the same machine connects over loopback: its forwarding headers give it away.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const proxied = await t.app.inject({
        method: 'GET',
        url: `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
        remoteAddress: '127.0.0.1',
        headers: { [header]: header === 'forwarded' ? 'for=127.0.0.1' : '127.0.0.1' },
      });
      expect(proxied.statusCode, header).toBe(404);
    }
  });

  it('trusts the socket, not a client address taken from a trusted proxy', async () => {
    const proxied = await createTestApp(database(), { config: { trustProxy: true } });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox?to=a%40example.com',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('opens to everyone with DEV_MAILBOX_PUBLIC', async () => {
    const open = await createTestApp(database(), { config: { devMailboxPublic: true } });
    try {
      expect((await open.call(dev.devMailbox, { to: uniqueEmail() })).body).toEqual({ type: 'ok', message: [] });
      const page = await open.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '203.0.113.9' });
      expect(page.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('shows only the latest message of each address on the page', async () => {
    const t = app();
    const first = uniqueEmail();
    const second = uniqueEmail();
    await t.call(auth.sendCode, { user_string: first });
    await t.call(auth.sendCode, { user_string: second });
    t.clock.advance(MINUTE);
    await t.call(auth.sendCode, { user_string: first });
    const mails = dev.devMailbox.response.parse((await t.call(dev.devMailbox, { to: first }, LOCAL)).body.message);
    expect(mails).toHaveLength(2);
    const [latest, older] = mails;
    const countOf = (html: string, text: string) => html.split(text).length - 1;
    const all = (await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).body;
    expect(countOf(all, `<strong>${first}</strong>`)).toBe(1);
    expect(countOf(all, `<strong>${second}</strong>`)).toBe(1);
    expect(all).toContain(`<div class="code">${latest?.code}</div>`);
    expect(all.indexOf(first)).toBeLessThan(all.indexOf(second));
    const filtered = (await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(first)}` })).body;
    expect(countOf(filtered, '<article>')).toBe(1);
    expect(filtered).toContain(`<div class="code">${latest?.code}</div>`);
    if (older?.code !== latest?.code) expect(filtered).not.toContain(`<div class="code">${older?.code}</div>`);
  });
});

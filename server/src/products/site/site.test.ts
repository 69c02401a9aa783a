import { expect, it } from 'vitest';
import * as site from '@contract/site';
import { translate } from '../../i18n';
import { testConfig } from '../../testing/config';
import { describeOnOneDatabase } from '../../testing/suite';
import { SEED_SETTINGS } from '../../db/seed';
import { settings } from '../../db/schema/index';

const seeded = (key: string) => SEED_SETTINGS.find((s) => s.key === key)?.value;

describeOnOneDatabase('site', ({ app, database }) => {
  it('returns the site configuration from the seeded settings', async () => {
    const res = await app().call(site.getSiteConfig);
    expect(res.body).toEqual({
      type: 'ok',
      message: {
        site_name: seeded('site_name'),
        site_logo: seeded('site_logo'),
        agent_name: seeded('agent_name'),
        support_url: seeded('support_url'),
        demo: true,
        version: '0.8.0',
      },
    });
  });

  it('says demo: false in production', async () => {
    const t = app();
    const { buildApp } = await import('../../app');
    const prod = await buildApp({
      config: testConfig({ ...t.config, mode: 'production', smtpUrl: 'smtp://127.0.0.1:9' }),
      db: database(),
      logger: false,
    });
    const res = await prod.inject({ method: 'GET', url: '/api/getSiteConfig' });
    expect(res.json().message.demo).toBe(false);
    await prod.close();
  });

  it('reports on /health that it runs the engines, under which lock, and 503 once the lock is lost', async () => {
    const res = await app().call(site.health);
    expect(res.body).toMatchObject({
      type: 'ok',
      message: { matching: 'owner', lock: 'none', database: database().kind },
    });

    const t = app();
    const { buildApp } = await import('../../app');
    let held = true;
    const since = new Date('2026-01-02T03:04:05.000Z');
    const owner = await buildApp({
      config: t.config,
      db: database(),
      logger: false,
      engine: { lock: 'advisory_lock', since, check: () => Promise.resolve(held) },
    });
    try {
      const ok = await owner.inject({ method: 'GET', url: '/api/health' });
      expect(ok.json().message).toMatchObject({ lock: 'advisory_lock', since: since.toISOString() });
      held = false;
      const lost = await owner.inject({ method: 'GET', url: '/api/health?lang=en' });
      expect(lost.statusCode).toBe(503);
      expect(lost.json().type).toBe('error');
    } finally {
      await owner.close();
    }
  });

  it('returns a public setting by keyword', async () => {
    const res = await app().call(site.getSetting, { keyword: 'register_agreement' });
    expect(res.body).toEqual({
      type: 'ok',
      message: { keyword: 'register_agreement', value: seeded('register_agreement') },
    });
  });

  it('refuses unknown and non-public keywords alike', async () => {
    const t = app();
    await database()
      .db.insert(settings)
      .values({ key: 'smtp_secret', value: 'hunter2', public: false })
      .onConflictDoNothing();
    for (const keyword of ['no_such_thing', 'smtp_secret']) {
      const res = await t.call(site.getSetting, { keyword }, { lang: 'en' });
      expect(res.body).toEqual({ type: 'error', message: translate('en', 'setting_not_found') });
    }
  });

  it('requires the keyword, in the request language', async () => {
    const t = app();
    const en = await t.call(site.getSetting, {}, { lang: 'en' });
    expect(en.body).toEqual({ type: 'error', message: 'Keyword is required' });
    const hk = await t.call(site.getSetting, {}, { lang: 'hk' });
    expect(hk.body).toEqual({ type: 'error', message: translate('hk', 'field_required', { field: 'keyword' }) });
  });
});

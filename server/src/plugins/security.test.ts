import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as site from '@contract/site';
import { translate } from '../i18n';
import { createTestApp } from '../testing/app';
import { describeOnOneDatabase } from '../testing/suite';
import { STRICT_RATE_LIMIT_URLS } from './security';

describeOnOneDatabase('security', ({ app, database }) => {
  it('sends a CSP the PWA works under and the other security headers on pages', async () => {
    const res = await app().app.inject({ method: 'GET', url: '/dev/mailbox' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self' ws: wss:",
      "worker-src 'self'",
      "manifest-src 'self'",
      "font-src 'self' data:",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends API replies the headers that mean something on JSON, and a CSP that allows nothing', async () => {
    for (const url of ['/api/getSiteConfig', '/api/nope']) {
      const res = await app().app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
      expect(res.headers['permissions-policy'], url).toBeUndefined();
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
    // The API's documentation is a page: it gets the page policy.
    const docs = await app().app.inject({ method: 'GET', url: '/api/docs/' });
    expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('limits code sending, login and password reset more tightly than the rest', async () => {
    const t = await createTestApp(database(), { limits: { strictPerMinute: 3, globalPerMinute: 50 } });
    try {
      for (const url of STRICT_RATE_LIMIT_URLS) {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) {
          const res = await t.app.inject({
            method: 'POST',
            url: `${url}?lang=en`,
            payload: {},
            remoteAddress: '198.51.100.7',
          });
          statuses.push(res.statusCode);
          if (res.statusCode === 429) {
            expect(res.json()).toEqual({ type: 'error', message: translate('en', 'too_many_requests') });
            expect(res.headers['retry-after']).toBeDefined();
          }
        }
        expect(statuses, url).toEqual([200, 200, 200, 429]);
      }
      // Other routes and other clients are not affected by the strict limit.
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/api/getSiteConfig', remoteAddress: '198.51.100.7' });
        expect(res.statusCode).toBe(200);
      }
      const other = await t.call(auth.login, {}, { ip: '198.51.100.8' });
      expect(other.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('limits every route globally per client', async () => {
    const t = await createTestApp(database(), { limits: { globalPerMinute: 5 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await t.call(site.getSiteConfig)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('refuses oversized bodies with 413 and the envelope', async () => {
    const t = app();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login?lang=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `user_string=${'a'.repeat(200 * 1024)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ type: 'error', message: translate('en', 'body_too_large') });
  });

  it('serves the OpenAPI document of the contract at /api/docs', async () => {
    const t = app();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('0.8.0');
    const paths = Object.keys(doc.paths);
    for (const p of ['/api/sms_mail', '/api/user/register', '/api/user/login', '/api/getSiteConfig', '/api/upload']) {
      expect(paths).toContain(p);
    }
    expect(paths.some((p: string) => p.startsWith('/h5') || p === '/')).toBe(false);
    const register = doc.paths['/api/user/register'].post;
    expect(Object.keys(register.requestBody.content)).toContain('application/x-www-form-urlencoded');
    expect(doc.paths['/api/user/info'].get.security).toEqual([{ token: [] }]);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});

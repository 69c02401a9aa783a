import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { translate } from '../i18n';
import { registerUser } from '../testing/accounts';
import { createTestApp, type TestApp } from '../testing/app';
import { describeOnOneDatabase } from '../testing/suite';

/**
 * Sends raw bytes, each string of `data` in a write of its own a little after the previous one (as
 * headers arrive over a network), and returns everything the server answers until it closes.
 */
function rawExchange(port: number, ...data: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    void (async () => {
      for (const part of data) {
        if (socket.destroyed) return;
        socket.write(part);
        await sleep(40);
      }
    })();
  });
}

/** The last reply of a raw exchange (a kept-alive connection may carry several). */
const lastBodyOf = (raw: string): unknown => JSON.parse(raw.slice(raw.lastIndexOf('\r\n\r\n') + 4));
const statusesOf = (raw: string) => [...raw.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

const bodyOf = (raw: string): unknown => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
const statusOf = (raw: string) => Number(raw.split(' ')[1]);

/**
 * Failures outside any route (oversized headers or parameters, unknown routes, bodies that are
 * too large or not JSON) still answer the envelope, in the request's language.
 */
describeOnOneDatabase('failure envelope', ({ app, database }) => {
  it('answers oversized headers with 431 and the envelope in the language of the query', async () => {
    const t = app();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await rawExchange(
      port,
      `GET /api/getSiteConfig?lang=en HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(statusOf(raw)).toBe(431);
    expect(bodyOf(raw)).toEqual({ type: 'error', message: translate('en', 'headers_too_large') });

    const hk = await rawExchange(
      port,
      `GET /api/getSiteConfig HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(bodyOf(hk)).toEqual({ type: 'error', message: translate('hk', 'headers_too_large') });
  });

  it('answers an oversized route parameter with 414 and the envelope', async () => {
    const res = await app().app.inject({ method: 'GET', url: `/api/upload/${'a'.repeat(500)}?lang=en` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ type: 'error', message: translate('en', 'uri_too_long') });
  });

  it('answers a body that is too large with 413 in the language of the query', async () => {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/user/login?lang=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `user_string=${'a'.repeat(200_000)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ type: 'error', message: translate('en', 'body_too_large') });
  });

  it('answers unparsable JSON in the language of the query, then of Accept-Language', async () => {
    const t = app();
    const byQuery = await t.app.inject({
      method: 'POST',
      url: '/api/user/login?lang=fra',
      headers: { 'content-type': 'application/json' },
      payload: '{"user_string": ',
    });
    expect(byQuery.json()).toEqual({ type: 'error', message: translate('fra', 'parameter_error') });

    const byHeader = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' },
      payload: '{"user_string": ',
    });
    expect(byHeader.json()).toEqual({ type: 'error', message: translate('jp', 'parameter_error') });
  });

  it('answers unknown routes with 404 in the request language, by any method and path', async () => {
    const t = app();
    for (const [method, url] of [
      ['GET', '/api/nope?lang=en'],
      ['POST', '/api/nope?lang=en'],
      ['GET', '/nope/deeper?lang=en'],
      ['DELETE', '/api/user/login?lang=en'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ type: 'error', message: translate('en', 'not_found') });
    }
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'th' } });
    expect(byHeader.json()).toEqual({ type: 'error', message: translate('th', 'not_found') });
    const byDefault = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(byDefault.json()).toEqual({ type: 'error', message: translate('hk', 'not_found') });
  });

  it('answers headers too large that arrive in several reads in the language known for the request', async () => {
    const t = app();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const big = (n: number) => Array.from({ length: n }, (_, i) => `X-Big-${i}: ${'a'.repeat(4000)}\r\n`);
    for (const lang of ['th', 'en'] as const) {
      // Node keeps only the read that overflowed, without the request line: the connection's
      // previous request names the language.
      const raw = await rawExchange(
        port,
        `GET /api/getSiteConfig?lang=${lang} HTTP/1.1\r\nHost: x\r\n\r\n`,
        `GET /api/getSiteConfig HTTP/1.1\r\nHost: x\r\n`,
        ...big(6),
      );
      expect(statusesOf(raw)).toEqual([200, 431]);
      expect(lastBodyOf(raw)).toEqual({ type: 'error', message: translate(lang, 'headers_too_large') });
    }
    // A first request: an Accept-Language among the lines that overflowed names it.
    const fresh = await rawExchange(
      port,
      `GET /api/getSiteConfig HTTP/1.1\r\nHost: x\r\n`,
      ...big(3),
      `Accept-Language: fr-FR,fr;q=0.9\r\n${big(2).join('')}`,
    );
    expect(statusesOf(fresh)).toEqual([431]);
    expect(lastBodyOf(fresh)).toEqual({ type: 'error', message: translate('fra', 'headers_too_large') });
  });

  it('answers a body that is too large in the language of the query or of Accept-Language', async () => {
    const t = app();
    const tooLarge = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: `user_string=${'a'.repeat(200_000)}&lang=en`,
      });
    for (const lang of ['th', 'jp'] as const) {
      const res = await tooLarge(`/api/user/login?lang=${lang}`);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ type: 'error', message: translate(lang, 'body_too_large') });
    }
    const byHeader = await tooLarge('/api/user/login', { 'accept-language': 'ko-KR' });
    expect(byHeader.json()).toEqual({ type: 'error', message: translate('kor', 'body_too_large') });
  });

  it('answers a JSON body refused for __proto__ in the language it names, or the query names', async () => {
    const t = app();
    const poisoned = (url: string, body: string) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });
    for (const lang of ['en', 'th'] as const) {
      const inBody = await poisoned('/api/user/login', `{"user_string":"a","lang":"${lang}","__proto__":{"x":1}}`);
      expect(inBody.json()).toEqual({ type: 'error', message: translate(lang, 'parameter_error') });
      const byConstructor = await poisoned('/api/user/login', `{"lang":"${lang}","constructor":{"prototype":{"x":1}}}`);
      expect(byConstructor.json()).toEqual({ type: 'error', message: translate(lang, 'parameter_error') });
      const inQuery = await poisoned(`/api/user/login?lang=${lang}`, '{"__proto__":{"x":1}}');
      expect(inQuery.json()).toEqual({ type: 'error', message: translate(lang, 'parameter_error') });
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("answers an account's POSTs over its rate limit in the language of the body or the query", async () => {
    const t: TestApp = await createTestApp(database(), { limits: { globalPerMinute: 100, userPerMinute: 2 } });
    try {
      const { token } = await registerUser(t);
      const post = (url: string, payload: string, type = 'application/x-www-form-urlencoded') =>
        t.app.inject({ method: 'POST', url, headers: { authorization: token, 'content-type': type }, payload });
      // The app sends `lang` in its POST bodies; the limit answers before the body is read.
      await post('/api/wallet/change', 'lang=en');
      await post('/api/wallet/change', 'lang=en');
      for (const [lang, res] of [
        ['en', await post('/api/wallet/change', 'currency_id=1&lang=en')],
        ['th', await post('/api/wallet/change', 'lang=th&currency_id=1')],
        ['fra', await post('/api/wallet/change', '{"currency_id":1,"lang":"fra"}', 'application/json')],
        ['jp', await post('/api/wallet/change?lang=jp', 'currency_id=1')],
        ['spa', await post('/api/wallet/change?lang=en', 'currency_id=1&lang=spa')],
      ] as const) {
        expect(res.statusCode, lang).toBe(429);
        expect(res.json(), lang).toEqual({ type: 'error', message: translate(lang, 'too_many_requests') });
      }
    } finally {
      await t.close();
    }
  });

  it('passes over a body lang that names no language for the query one', async () => {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/user/login?lang=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lang=klingon',
    });
    expect(res.json()).toEqual({ type: 'error', message: 'Account is required' });
  });
});

import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { translate } from '../i18n';
import { describeEachDatabase } from '../testing/suite';

/** Sends raw bytes and returns everything the server answers until it closes the connection. */
function rawExchange(port: number, data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(data);
  });
}

const bodyOf = (raw: string): unknown => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
const statusOf = (raw: string) => Number(raw.split(' ')[1]);

/**
 * Failures outside any route (oversized headers or parameters, unknown routes, bodies that are
 * too large or not JSON) still answer the envelope, in the request's language.
 */
describeEachDatabase('failure envelope', ({ app }) => {
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
});

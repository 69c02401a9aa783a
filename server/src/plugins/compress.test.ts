import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { translate } from '../i18n';
import { describeOnOneDatabase } from '../testing/suite';
import { COMPRESS_THRESHOLD_BYTES } from './security';

describeOnOneDatabase('compression', ({ app }) => {
  const get = (url: string, encoding?: string) =>
    app().app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('compresses API replies above 1 KB with brotli, or gzip when that is all the client takes', async () => {
    const plain = await get('/api/currency/quotation_new');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/api/currency/quotation_new', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    const brBody = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as { type: string };
    expect(brBody.type).toBe('ok');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    const gzip = await get('/api/currency/quotation_new', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(gzip.rawPayload).toString()) as { type: string }).type).toBe('ok');
  });

  it('sends small replies as they are', async () => {
    const small = await get('/api/getSiteConfig', 'br');
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('leaves routes outside /api to the static files, which are served pre-compressed', async () => {
    const page = await get('/dev/mailbox', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(page.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body instead of inflating it', async () => {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/sms_mail?lang=en',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ user_string: 'a@example.com', type: 'email', scene: 'register' })),
    });
    // Inflated, this body would send a code; as it arrives it is not JSON.
    expect(res.json()).toEqual({ type: 'error', message: translate('en', 'parameter_error') });
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@contract/define';
import { describeOnOneDatabase } from '../testing/suite';
import { bindEndpoint } from './contract';
import { shared } from './shared-reply';

const board = endpoint({
  method: 'GET',
  path: '/test/board',
  auth: false,
  summary: 'a board shared by every request of a tick',
  tags: ['test'],
  request: z.object({}),
  response: z.array(z.object({ symbol: z.string(), price: z.string() })),
});
const rows = Array.from({ length: 60 }, (_, i) => ({ symbol: `C${i}/USDT`, price: `${i}.12345678` }));

describeOnOneDatabase('shared replies', ({ app }) => {
  it('serializes a shared value once for every request that returns it', async () => {
    const t = app();
    let serialized = 0;
    const value = shared(Object.assign([...rows], { toJSON: () => (serialized++, rows) }));
    bindEndpoint(t.app, board, () => value);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/board' });
      expect(res.json()).toEqual({ type: 'ok', message: rows });
    }
    expect(serialized).toBe(1);
  });

  it('compresses in the encoding the client accepts, with the same body as uncompressed', async () => {
    const t = app();
    bindEndpoint(t.app, board, () => shared([...rows]));
    const get = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/api/test/board', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('still refuses a shared value that drifts from the contract', async () => {
    const t = app();
    bindEndpoint(t.app, board, () => shared([{ symbol: 'X', price: 3 }] as unknown as typeof rows));
    const res = await t.app.inject({ method: 'GET', url: '/api/test/board' });
    expect(res.statusCode).toBe(500);
  });
});

import { readdir } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import * as nft from '@contract/nft';
import { catalogueMediaRefs } from './media-catalogue';
import { mediaDirOf, renderMissing } from './media-files';
import { demoMediaRefs } from './seed';
import { DAY } from '../../testing/clock';
import { describeOnOneDatabase } from '../../testing/suite';
import { adminUser } from '../../testing/fund';
import { okOf } from '../../testing/wallet';
import { listed } from '../../testing/nft';

const SLOW = 120_000;

describeOnOneDatabase('NFT media files', ({ app, database }) => {
  it('the demo catalogue shows only media the build renders', async () => {
    app();
    const key = (r: { kind: string; seed: number }) => `${r.kind}:${r.seed}`;
    const built = new Set(demoMediaRefs().map(key));
    const shown = (await catalogueMediaRefs(database().db)).map(key);
    expect(shown.length).toBeGreaterThan(20);
    for (const k of shown) expect(built).toContain(k);
  });

  it(
    'serves rendered files with caching headers, ranges and gzip, and never renders on a request',
    async () => {
      const t = app();
      const dir = mediaDirOf(t.config.dataDir);
      const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
      // Not rendered: a 404, and nothing was made for it.
      expect((await get('/api/nft/media/clip/4242.webm')).statusCode).toBe(404);
      expect((await get('/api/nft/media/art/99999.png')).statusCode).toBe(404);
      expect(await readdir(dir).catch(() => [])).toEqual([]);

      const seven = (['art', 'anim', 'tone', 'clip'] as const).map((kind) => ({ kind, seed: 7 }));
      expect(await renderMissing(dir, seven)).toBe(4);
      expect(await renderMissing(dir, seven)).toBe(0);
      const png = await get('/api/nft/media/art/7.png');
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(png.headers['content-encoding']).toBeUndefined();
      expect(png.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect((await get('/api/nft/media/art/7.png', { 'if-none-match': String(png.headers.etag) })).statusCode).toBe(
        304,
      );
      const gif = await get('/api/nft/media/anim/7.gif');
      expect(gif.rawPayload.subarray(0, 6).toString('ascii')).toBe('GIF89a');
      const wav = await get('/api/nft/media/tone/7.wav');
      const zipped = await get('/api/nft/media/tone/7.wav', { 'accept-encoding': 'gzip, br' });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('Accept-Encoding');
      expect(zipped.headers.etag).not.toBe(wav.headers.etag);
      expect(zipped.rawPayload.length).toBeLessThan(wav.rawPayload.length);
      expect(gunzipSync(zipped.rawPayload).equals(wav.rawPayload)).toBe(true);
      const part = await get('/api/nft/media/tone/7.wav', { range: 'bytes=0-11', 'accept-encoding': 'gzip' });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.toString('ascii', 8, 12)).toBe('WAVE');
      const webm = await get('/api/nft/media/clip/7.webm');
      expect(webm.headers['content-type']).toBe('video/webm');
      expect(webm.rawPayload.readUInt32BE(0)).toBe(0x1a45dfa3);
      expect((await get('/api/nft/media/art/7.gif')).statusCode).toBe(404);
      expect((await get('/api/nft/media/secret/1.png')).statusCode).toBe(404);
    },
    SLOW,
  );

  it(
    'renders the media of an artwork and an artist added in the console in that request',
    async () => {
      const t = app();
      const boss = await adminUser(t);
      const T = t.clock.now().getTime();
      const base = await listed(t, { payType: 1, price: '5', start: new Date(T), end: new Date(T + DAY) });
      const made = okOf(
        nft.adminNftArtworkCreate,
        (
          await t.call(
            nft.adminNftArtworkCreate,
            {
              name: 'Wave',
              type: 'video',
              rarity: 'R',
              collection_id: base.collectionId,
              currency_id: 3,
              pay_type: 1,
              price: '10',
              start_time: T,
              end_time: T + DAY,
            },
            { token: boss.token },
          )
        ).body,
      );
      const shown = okOf(nft.getBoxDetail, (await t.call(nft.getBoxDetail, { id: made.id })).body);
      for (const url of [shown.media, shown.image]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      const artist = okOf(
        nft.adminNftArtistSave,
        (await t.call(nft.adminNftArtistSave, { name: 'Ren' }, { token: boss.token })).body,
      );
      expect((await t.app.inject({ method: 'GET', url: artist.avatar })).statusCode).toBe(200);
    },
    SLOW,
  );
});

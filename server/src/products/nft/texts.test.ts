import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as nft from '@contract/nft';
import { nftArtists, nftCollections } from '../../db/schema/index';
import { describeEachDatabase } from '../../testing/suite';
import { okOf } from '../../testing/wallet';
import { seedDemoCatalogue } from './seed';

describeEachDatabase('NFT artist and collection texts in the request language', ({ app }) => {
  const mira = async (lang: string) => {
    const list = okOf(nft.getArtist, (await app().call(nft.getArtist, { limit: 100, lang })).body).data;
    const found = list.find((a) => a.name === 'Mira Sol');
    if (!found) throw new Error('no demo artist Mira Sol');
    return found;
  };
  const fields = async (lang: string) => {
    const list = okOf(nft.getCollection, (await app().call(nft.getCollection, { limit: 100, lang })).body).data;
    const found = list.find((c) => c.name === 'Colour Fields');
    if (!found) throw new Error('no demo collection Colour Fields');
    return found.description;
  };

  it('answers the demo artists and collections in the language of the request', async () => {
    expect((await mira('en')).intro).toBe('Generative circles and colour fields.');
    expect(await fields('en')).toBe('Still generative pieces.');
    expect((await mira('th')).intro).toBe('งานวงกลมและพื้นสีแบบเจเนอเรทีฟ');
    expect(await fields('th')).toBe('ผลงานเจเนอเรทีฟแบบภาพนิ่ง');
    expect((await mira('hk')).intro).toBe('生成式圓形與色域作品。');
    expect(await fields('hk')).toBe('靜態生成式作品。');
    // The artist's page gives its collections in the same language.
    const { uid } = await mira('en');
    const detail = okOf(
      nft.getArtistDetail,
      (await app().call(nft.getArtistDetail, { uid, limit: 10, lang: 'hk' })).body,
    );
    expect(detail.artist.intro).toBe('生成式圓形與色域作品。');
    expect(detail.collections.find((c) => c.name === 'Colour Fields')?.description).toBe('靜態生成式作品。');
  });

  it('keeps rows from before the translations in English and gives the demo ones theirs at the next start', async () => {
    const t = app();
    // What the migration leaves on an existing database: every row with no translations.
    await t.app.ctx.db.update(nftArtists).set({ texts: sql`'{}'::jsonb` });
    await t.app.ctx.db.update(nftCollections).set({ texts: sql`'{}'::jsonb` });
    expect((await mira('th')).intro).toBe('Generative circles and colour fields.');
    expect(await fields('hk')).toBe('Still generative pieces.');
    await seedDemoCatalogue(t.app.ctx.db, t.clock.now());
    expect((await mira('th')).intro).toBe('งานวงกลมและพื้นสีแบบเจเนอเรทีฟ');
    expect(await fields('hk')).toBe('靜態生成式作品。');
  });
});

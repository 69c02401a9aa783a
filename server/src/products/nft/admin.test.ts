import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as ieo from '@contract/ieo';
import * as nft from '@contract/nft';
import { auditLog, nftSales, users } from '../../db/schema/index';
import { translate } from '../../i18n';
import { checkInvariants } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import { DAY, HOUR, MINUTE } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { adminUser } from '../../testing/fund';
import { callWithKey, okOf } from '../../testing/wallet';
import { bidReq, buyReq, detail, funded, listed } from '../../testing/nft';

const en = (key: string) => translate('en', key);

async function resale(t: Parameters<typeof funded>[0], price = '30') {
  const T = t.clock.now().getTime();
  const owner = await funded(t);
  const art = await listed(t, { payType: 1, price: '20', start: new Date(T - MINUTE), end: new Date(T + DAY) });
  expect((await buyReq(t, owner.token, art.id)).body.type).toBe('ok');
  const listing = await callWithKey(
    t,
    nft.resellNFT,
    { id: art.id, pay_type: 2, price, per_increase: '1', start_time: T, end_time: T + HOUR },
    { token: owner.token, key: randomUUID() },
  );
  expect(listing.body.type).toBe('ok');
  return { owner, art, saleId: (await detail(t, art.id)).sale_id! };
}

describeEachDatabase('NFT catalogue in the back office', ({ app, database }) => {
  it('support staff and users are refused (403)', async () => {
    const t = app();
    for (const role of ['user', 'support'] as const) {
      const u = await registerUser(t);
      if (role === 'support') await t.app.ctx.db.update(users).set({ role }).where(eq(users.id, u.user.id));
      for (const [endpoint, data] of [
        [nft.adminNftArtistSave, { name: 'X' }],
        [nft.adminNftDelist, { sale_id: 1, reason: 'x' }],
        [nft.adminNftListings, {}],
        [ieo.adminProjectList, {}],
      ] as const) {
        expect((await t.call(endpoint, data, { token: u.token, lang: 'en' })).status).toBe(403);
      }
    }
  });

  it('adds and edits artists and catalogue artworks, audited', async () => {
    const t = app();
    const boss = await adminUser(t);
    const T = t.clock.now().getTime();
    const artist = okOf(
      nft.adminNftArtistSave,
      (
        await t.call(
          nft.adminNftArtistSave,
          { name: 'Mai Tran', intro: 'Ink and light', homepage: 'https://mai.example.com' },
          { token: boss.token },
        )
      ).body,
    );
    expect(artist).toMatchObject({ name: 'Mai Tran', homepage: 'https://mai.example.com', works: 0 });
    const bad = await t.call(
      nft.adminNftArtistSave,
      { name: 'X', homepage: 'javascript:alert(1)' },
      { token: boss.token, lang: 'en' },
    );
    expect(bad.body.type).toBe('error');
    const missing = await t.call(nft.adminNftArtistSave, { id: 999_999, name: 'X' }, { token: boss.token });
    expect(missing.body.type).toBe('error');
    const renamed = okOf(
      nft.adminNftArtistSave,
      (await t.call(nft.adminNftArtistSave, { id: artist.uid, name: 'Mai T.' }, { token: boss.token })).body,
    );
    expect(renamed.name).toBe('Mai T.');

    // A collection of an existing artist (made the way the demo makes them).
    const base = await listed(t, { payType: 1, price: '5', start: new Date(T), end: new Date(T + DAY) });
    const create = (data: Record<string, unknown>) =>
      t.call(
        nft.adminNftArtworkCreate,
        {
          name: 'Dawn',
          type: 'image',
          rarity: 'SR',
          collection_id: base.collectionId,
          currency_id: 3,
          pay_type: 2,
          price: '100',
          per_increase: '5',
          margin: '10',
          start_time: T,
          end_time: T + DAY,
          ...data,
        },
        { token: boss.token, lang: 'en' },
      );
    const made = okOf(nft.adminNftArtworkCreate, (await create({})).body);
    expect(made).toMatchObject({ name: 'Dawn', rarity: 'SR', owner_account: null, pay_type: 2, price: '100' });
    expect(await detail(t, made.id)).toMatchObject({ name: 'Dawn', status: 'started', per_increase: '5' });
    expect((await create({ currency_id: 1 })).body.type).toBe('error');
    expect((await create({ collection_id: 999_999 })).body.type).toBe('error');
    expect((await create({ end_time: T - 1, start_time: T - 100 })).body.type).toBe('error');
    expect((await create({ pay_type: 2, per_increase: undefined })).body.type).toBe('error');
    expect((await create({ pay_type: 2, margin: undefined })).body).toEqual({
      type: 'error',
      message: en('nft_margin_required'),
    });
    expect((await create({ type: 'blind_box' })).body.type).toBe('error');

    const edited = okOf(
      nft.adminNftArtworkEdit,
      (await t.call(nft.adminNftArtworkEdit, { id: made.id, name: 'Dusk', description: 'Ink' }, { token: boss.token }))
        .body,
    );
    expect(edited).toMatchObject({ name: 'Dusk', description: 'Ink', price: '100' });
    const list = okOf(nft.adminNftArtworks, (await t.call(nft.adminNftArtworks, {}, { token: boss.token })).body);
    expect(list.data.map((a) => a.id)).toContain(made.id);
    const audited = await database()
      .db.select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.adminId, boss.user.id));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['nft_artist.create', 'nft_artist.update', 'nft_artwork.create', 'nft_artwork.update']),
    );
  });

  it("lists users' resales and takes one down, never one with bids, once under a burst", async () => {
    const t = app();
    const boss = await adminUser(t);
    const { owner, art, saleId } = await resale(t);
    const listings = okOf(nft.adminNftListings, (await t.call(nft.adminNftListings, {}, { token: boss.token })).body);
    expect(listings.data.find((l) => l.sale_id === saleId)).toMatchObject({
      artwork_id: art.id,
      seller_id: owner.user.id,
      price: '30',
      bid_count: 0,
    });
    // A catalogue sale is not a user's listing.
    const catalogue = (
      await detail(
        t,
        (await listed(t, { payType: 1, price: '5', start: new Date(), end: new Date(Date.now() + DAY) })).id,
      )
    ).sale_id!;
    const notResale = await t.call(nft.adminNftDelist, { sale_id: catalogue, reason: 'x' }, { token: boss.token });
    expect(notResale.body.type).toBe('error');
    expect((await t.call(nft.adminNftDelist, { sale_id: saleId }, { token: boss.token, lang: 'en' })).body.type).toBe(
      'error',
    );
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call(nft.adminNftDelist, { sale_id: saleId, reason: 'Misleading title' }, { token: boss.token }),
      ),
    );
    expect(burst.filter((r) => r.body.type === 'ok')).toHaveLength(1);
    const [sale] = await database().db.select().from(nftSales).where(eq(nftSales.id, saleId));
    expect(sale?.status).toBe('unsold');
    expect(await detail(t, art.id, owner.token)).toMatchObject({ listing_state: 'normal', mine: true });
    const rows = await database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'nft_listing.delist'), eq(auditLog.entityId, saleId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'Misleading title', after: { status: 'unsold' } });

    // With a bid (a margin held), it stays.
    const second = await resale(t);
    const bidder = await funded(t);
    expect((await bidReq(t, bidder.token, second.art.id, '30')).body.type).toBe('ok');
    const refused = await t.call(
      nft.adminNftDelist,
      { sale_id: second.saleId, reason: 'x' },
      { token: boss.token, lang: 'en' },
    );
    expect(refused.body).toEqual({ type: 'error', message: en('nft_listing_has_bids') });
    expect((await checkInvariants(database().db)).ok).toBe(true);
  });

  it('lists IEO projects for the back office', async () => {
    const t = app();
    const boss = await adminUser(t);
    const page = okOf(ieo.adminProjectList, (await t.call(ieo.adminProjectList, {}, { token: boss.token })).body);
    const pub = okOf(ieo.projectList, (await t.call(ieo.projectList, {})).body);
    expect(page.total).toBe(pub.total);
    expect(page.data.map((p) => p.id)).toEqual(pub.data.map((p) => p.id));
  });
});

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as nft from '@contract/nft';
import { migrationsFolder } from '../../db/client';
import { nftArtworks, nftBids, nftMargins, nftSales } from '../../db/schema/index';
import { translate } from '../../i18n';
import { checkInvariants, inTransaction, money, systemBalance, toWire } from '../../ledger/index';
import { sweep } from './ending';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { DAY, HOUR, MINUTE } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { adminUser } from '../../testing/fund';
import { callWithKey, okOf } from '../../testing/wallet';
import { bidReq, change, funded, listed, needPay, payReq, USDT } from '../../testing/nft';

/** Each test runs at a time of its own, later than the previous one's (the scheduler's record is shared). */
let era = 0;
const ownTime = (t: TestApp) => {
  era += 1;
  const start = Date.UTC(2033, 0, 1) + era * 10 * DAY;
  t.clock.set(new Date(start));
  return start;
};

const saleOf = async (t: TestApp, artworkId: number) => {
  const [art] = await t.app.ctx.db.select().from(nftArtworks).where(eq(nftArtworks.id, artworkId));
  const [sale] = await t.app.ctx.db.select().from(nftSales).where(eq(nftSales.id, art!.saleId!));
  return { ...sale!, margin: toWire(sale!.margin) };
};

/** Every USDT of the given users' change accounts and of the house: what a bid may move but never make. */
async function usdtOf(t: TestApp, userIds: number[]) {
  let total = money((await systemBalance(t.app.ctx.db, 'house', USDT)).available);
  for (const id of userIds) {
    const c = await change(t, id);
    total = total.plus(c.available).plus(c.held);
  }
  return total.toFixed();
}

const auction = (T: number, margin = '10') => ({
  payType: 2 as const,
  price: '100',
  perIncrease: '5',
  margin,
  start: new Date(T - MINUTE),
  end: new Date(T + HOUR),
});

describeEachDatabase('NFT auction margins', ({ app, database }) => {
  it('the console refuses an auction without a margin, and a bidder without the margin is refused with nothing changed', async () => {
    const t = app();
    const T = ownTime(t);
    const boss = await adminUser(t);
    const base = await listed(t, { payType: 1, price: '5', start: new Date(T), end: new Date(T + DAY) });
    const create = (data: Record<string, unknown>, lang = 'en') =>
      t.call(
        nft.adminNftArtworkCreate,
        {
          name: 'Dawn',
          type: 'image',
          rarity: 'SR',
          collection_id: base.collectionId,
          currency_id: USDT,
          pay_type: 2,
          price: '100',
          per_increase: '5',
          start_time: T,
          end_time: T + DAY,
          ...data,
        },
        { token: boss.token, lang },
      );
    const before = await t.app.ctx.db.select({ id: nftSales.id }).from(nftSales);
    expect((await create({})).body).toEqual({ type: 'error', message: translate('en', 'nft_margin_required') });
    expect((await create({}, 'th')).body).toEqual({ type: 'error', message: translate('th', 'nft_margin_required') });
    expect(translate('th', 'nft_margin_required')).not.toBe(translate('en', 'nft_margin_required'));
    expect((await create({ margin: '0' })).body.type).toBe('error');
    expect(await t.app.ctx.db.select({ id: nftSales.id }).from(nftSales)).toHaveLength(before.length);
    // A fixed price needs none.
    expect((await create({ pay_type: 1 })).body.type).toBe('ok');

    const made = okOf(nft.adminNftArtworkCreate, (await create({ margin: '10' })).body);
    const broke = await registerUser(t);
    const houseBefore = await usdtOf(t, [broke.user.id]);
    const free = await bidReq(t, broke.token, made.id, '99999999999');
    expect(free.body).toEqual({ type: 'error', message: translate('en', 'insufficient_balance') });
    const ahead = await callWithKey(t, nft.marginNFT, { lang: 'en', code: made.id }, { token: broke.token });
    expect(ahead.body.type).toBe('error');
    const sale = await saleOf(t, made.id);
    expect(sale).toMatchObject({ margin: '10', topBid: null, topBidderId: null, bidCount: 0 });
    expect(await t.app.ctx.db.select().from(nftBids).where(eq(nftBids.saleId, sale.id))).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(nftMargins).where(eq(nftMargins.saleId, sale.id))).toHaveLength(0);
    expect(await change(t, broke.user.id)).toEqual({ available: '0', held: '0' });
    expect(await usdtOf(t, [broke.user.id])).toBe(houseBefore);
  });

  it('holds one margin per bidder (a retried bid holds nothing more), releases the loser, applies the winner', async () => {
    const t = app();
    const T = ownTime(t);
    const a = await funded(t, '200');
    const b = await funded(t, '200');
    const art = await listed(t, auction(T));
    const ids = [a.user.id, b.user.id];
    const total = await usdtOf(t, ids);

    const key = randomUUID();
    const first = await bidReq(t, a.token, art.id, '100', key);
    const retried = await bidReq(t, a.token, art.id, '100', key);
    expect(retried.body).toEqual(first.body);
    expect((await saleOf(t, art.id)).bidCount).toBe(1);
    expect(await change(t, a.user.id)).toEqual({ available: '190', held: '10' });
    expect((await bidReq(t, a.token, art.id, '105')).body.type).toBe('ok');
    expect(await change(t, a.user.id)).toEqual({ available: '190', held: '10' });
    expect((await bidReq(t, b.token, art.id, '110')).body.type).toBe('ok');
    expect(await change(t, b.user.id)).toEqual({ available: '190', held: '10' });
    expect(await usdtOf(t, ids)).toBe(total);

    t.clock.set(new Date(T + HOUR + MINUTE));
    await t.app.ctx.scheduler.runDue();
    expect(await change(t, a.user.id)).toEqual({ available: '200', held: '0' });
    const [order] = await needPay(t, b.token);
    expect(order).toMatchObject({ price: '110', margin: '10', amount_due: '100' });
    expect((await payReq(t, b.token, order!.id)).body.type).toBe('ok');
    expect(await change(t, b.user.id)).toEqual({ available: '90', held: '0' });
    const margins = await t.app.ctx.db
      .select({ userId: nftMargins.userId, status: nftMargins.status })
      .from(nftMargins)
      .where(eq(nftMargins.saleId, (await saleOf(t, art.id)).id));
    expect(margins.sort((x, y) => x.userId - y.userId)).toEqual([
      { userId: a.user.id, status: 'released' },
      { userId: b.user.id, status: 'applied' },
    ]);
    expect(await usdtOf(t, ids)).toBe(total);
    expect((await checkInvariants(database().db)).ok).toBe(true);
  });

  it('under concurrent bids only bidders who cover the margin count, each holding it once', async () => {
    const t = app();
    const T = ownTime(t);
    const rich = await Promise.all(Array.from({ length: 5 }, () => funded(t, '10')));
    const poor = await Promise.all(Array.from({ length: 5 }, () => funded(t, '9.99')));
    const art = await listed(t, auction(T));
    const everyone = [...rich, ...poor];
    const ids = everyone.map((u) => u.user.id);
    const total = await usdtOf(t, ids);
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => bidReq(t, everyone[i % 10]!.token, art.id, String(100 + i * 5))),
    );
    // A bidder without the margin is refused: for the balance, or (bids racing on PostgreSQL) first
    // for a price that another bid has passed meanwhile. Never accepted.
    replies.forEach((r, i) => {
      if (i % 10 < 5) return;
      expect(r.body.type).toBe('error');
      expect(String(r.body.message)).toMatch(
        new RegExp(`^(${translate('en', 'insufficient_balance')}|The bid must be at least \\d+ USDT)$`),
      );
    });
    expect(
      replies.filter((r, i) => i % 10 >= 5 && r.body.message === translate('en', 'insufficient_balance')).length,
    ).toBeGreaterThan(0);
    const accepted = replies.filter((r) => r.body.type === 'ok');
    expect(accepted.length).toBeGreaterThan(0);
    const sale = await saleOf(t, art.id);
    expect(sale.bidCount).toBe(accepted.length);
    const bidders = await t.app.ctx.db
      .select({ userId: nftBids.userId })
      .from(nftBids)
      .where(eq(nftBids.saleId, sale.id));
    const margins = await t.app.ctx.db.select().from(nftMargins).where(eq(nftMargins.saleId, sale.id));
    expect(new Set(margins.map((m) => m.userId))).toEqual(new Set(bidders.map((b) => b.userId)));
    expect(margins).toHaveLength(new Set(margins.map((m) => m.userId)).size);
    for (const u of rich) {
      const holds = margins.some((m) => m.userId === u.user.id);
      expect(await change(t, u.user.id)).toEqual(
        holds ? { available: '0', held: '10' } : { available: '10', held: '0' },
      );
    }
    for (const u of poor) expect(await change(t, u.user.id)).toEqual({ available: '9.99', held: '0' });
    expect(await usdtOf(t, ids)).toBe(total);
    expect((await checkInvariants(database().db)).ok).toBe(true);
  });

  it('a sale listed before margins were required gets one and loses its free bids; relisted, it gets one too', async () => {
    const t = app();
    const T = ownTime(t);
    const squatter = await registerUser(t);
    const open = await listed(t, auction(T));
    const ended = await listed(t, auction(T));
    const db = t.app.ctx.db;
    const statements = (await readFile(join(migrationsFolder, '0027_nft_auction_margin.sql'), 'utf8'))
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
    const openSale = (await saleOf(t, open.id)).id;
    const endedSale = (await saleOf(t, ended.id)).id;
    await inTransaction(db, async (tx) => {
      // The rows an older version let in: an open auction without a margin and a free bid on it.
      await tx.execute(sql`ALTER TABLE nft_sales DROP CONSTRAINT nft_sales_auction_margin_check`);
      await tx
        .update(nftSales)
        .set({ margin: '0', topBid: '99999999999', topBidderId: squatter.user.id, bidCount: 1 })
        .where(eq(nftSales.id, openSale));
      await tx
        .insert(nftBids)
        .values({ saleId: openSale, userId: squatter.user.id, price: '99999999999', createdAt: new Date(T) });
      await tx
        .update(nftSales)
        .set({ margin: '0', status: 'unsold', endedAt: new Date(T) })
        .where(eq(nftSales.id, endedSale));
      for (const s of statements) await tx.execute(sql.raw(s));
    });
    expect(await saleOf(t, open.id)).toMatchObject({ margin: '10', topBid: null, topBidderId: null, bidCount: 0 });
    expect(await db.select().from(nftBids).where(eq(nftBids.userId, squatter.user.id))).toHaveLength(0);
    // The ended one keeps its terms; the demo relisting gives the next sale a margin.
    expect((await saleOf(t, ended.id)).margin).toBe('0');
    await inTransaction(db, (tx) => sweep(tx, new Date(T + MINUTE), { relist: true }));
    expect(await saleOf(t, ended.id)).toMatchObject({ status: 'open', margin: '10' });
    // And no open auction can be stored without one.
    const openNoMargin = inTransaction(db, (tx) =>
      tx
        .update(nftSales)
        .set({ margin: '0' })
        .where(and(eq(nftSales.artworkId, open.id), eq(nftSales.status, 'open'))),
    );
    await expect(openNoMargin).rejects.toThrow();
  });
});

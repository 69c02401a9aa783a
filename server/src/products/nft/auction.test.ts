import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as nft from '@contract/nft';
import { nftMargins, nftOrders, nftSales } from '../../db/schema/index';
import { checkInvariants, inTransaction, money, systemBalance } from '../../ledger/index';
import { sweep } from './ending';
import { createTestApp, type TestApp } from '../../testing/app';
import { DAY, HOUR, MINUTE } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { callWithKey, okOf } from '../../testing/wallet';
import { bidReq, buyReq, change, detail, funded, listed, messages, needPay, payReq, USDT } from '../../testing/nft';

const error = (message: string) => ({ type: 'error', message });
/** Tests that register many users and send bursts: generous on a loaded 2-core CI machine. */
const SLOW = 180_000;

/**
 * Tests of a file share a database and so the scheduler's record: each test starts at a time of
 * its own, later than the previous test's, so no job sees time go backwards.
 */
let era = 0;
const ERA_START = Date.UTC(2032, 0, 1);
function ownTime(...apps: TestApp[]): number {
  era += 1;
  const start = ERA_START + era * 10 * DAY;
  for (const a of apps) a.clock.set(new Date(start));
  return start;
}

async function runAt(t: TestApp, at: number) {
  t.clock.set(new Date(at));
  await t.app.ctx.scheduler.runDue();
}

const house = async (t: TestApp) => systemBalance(t.app.ctx.db, 'house', USDT);

describeEachDatabase('NFT auctions', ({ app, database }) => {
  it(
    'lists the demo catalogue, artists and collections, and keeps favorites',
    async () => {
      // First in the file: at the real time the demo's sales are running (later tests move time on).
      const t = app();
      const u = await funded(t);
      const list = okOf(nft.getBoxList, (await t.call(nft.getBoxList, { limit: 100 })).body);
      expect(new Set(list.data.map((a) => a.type))).toEqual(new Set(['image', 'gif', 'audio', 'video', 'blind_box']));
      const auctions = okOf(nft.getBoxList, (await t.call(nft.getBoxList, { pay_type: 2, limit: 100 })).body);
      expect(auctions.data.length).toBeGreaterThan(0);
      expect(auctions.data.every((a) => a.pay_type === 2)).toBe(true);
      const artists = okOf(nft.getArtist, (await t.call(nft.getArtist, { limit: 100 })).body);
      const mira = artists.data.find((a) => a.name === 'Mira Sol')!;
      expect(mira.homepage).toMatch(/^https:\/\//);
      const page = okOf(nft.getArtistDetail, (await t.call(nft.getArtistDetail, { uid: mira.uid })).body);
      expect(page.collections.map((c) => c.name)).toEqual(['Colour Fields', 'Orbit']);
      expect(page.works.total).toBe(mira.works);
      const cols = okOf(nft.getCollection, (await t.call(nft.getCollection, { limit: 100 })).body);
      expect(cols.data.map((c) => c.name)).toEqual(
        expect.arrayContaining(['Colour Fields', 'Loops', 'Orbit', 'Mystery Series']),
      );
      expect(okOf(nft.getNftCurrency, (await t.call(nft.getNftCurrency)).body).map((c) => c.name)).toEqual([
        'ETH',
        'USDT',
      ]);
      const first = list.data[0]!;
      const on = okOf(nft.collect, (await t.call(nft.collect, { code: first.id }, { token: u.token })).body);
      expect(on.collected).toBe(true);
      const favs = okOf(nft.getMyCollect, (await t.call(nft.getMyCollect, {}, { token: u.token })).body);
      expect(favs.data.map((a) => [a.id, a.collected])).toEqual([[first.id, true]]);
      const off = okOf(nft.collect, (await t.call(nft.collect, { code: first.id }, { token: u.token })).body);
      expect(off).toEqual({ collected: false, collect_count: on.collect_count - 1 });
      // Here SPEC.md's `code` is an artwork: its errors say so, not "verification code".
      const missing = await t.call(nft.collect, {}, { token: u.token, lang: 'en' });
      expect(missing.body).toEqual(error('Artwork is required'));
      const unknown = await t.call(nft.collect, { code: 987654321 }, { token: u.token, lang: 'hk' });
      expect(unknown.body).toEqual(error('該作品不存在'));
      const history = await t.call(nft.getBindBoxQuotationLog, { code: 'x' }, { lang: 'en' });
      expect(history.body).toEqual(error('Artwork is invalid'));
    },
    SLOW,
  );

  it(
    'takes bids above the current one by the increment, holds one margin each, extends late bids, and the winner pays',
    async () => {
      const t = app();
      const T = ownTime(t);
      const a = await funded(t);
      const b = await funded(t);
      const c = await funded(t);
      const art = await listed(t, {
        payType: 2,
        price: '100',
        perIncrease: '10',
        margin: '20',
        start: new Date(T - MINUTE),
        end: new Date(T + HOUR),
      });
      const houseBefore = money((await house(t)).available);

      expect((await bidReq(t, a.token, art.id, '99')).body).toEqual(error('The bid must be at least 100 USDT'));
      expect((await bidReq(t, a.token, art.id, '100')).body.type).toBe('ok');
      expect(await change(t, a.user.id)).toEqual({ available: '4980', held: '20' });
      expect((await bidReq(t, a.token, art.id, '105')).body).toEqual(error('The bid must be at least 110 USDT'));
      const raised = okOf(nft.auctionNFT, (await bidReq(t, a.token, art.id, '110')).body);
      expect(raised).toMatchObject({
        current_price: '110',
        bid_count: 2,
        min_bid: '120',
        margin_paid: true,
        end_time: T + HOUR,
      });
      // One margin per bidder and sale, however many bids.
      expect(await change(t, a.user.id)).toEqual({ available: '4980', held: '20' });

      expect(okOf(nft.auctionNFT, (await bidReq(t, b.token, art.id, '120')).body).end_time).toBe(T + HOUR);
      const outbid = await messages(t, a.token);
      // Two receipts of a's own bids, then the outbid.
      expect(outbid.unread).toBe(3);
      expect(outbid.data[0]).toMatchObject({ kind: 'outbid', artwork_id: art.id, price: '120', read: false });

      // A bid in the last 5 minutes moves the end 5 minutes later; one earlier did not.
      t.clock.set(new Date(T + HOUR - 4 * MINUTE));
      const late = okOf(nft.auctionNFT, (await bidReq(t, c.token, art.id, '130')).body);
      expect(late.end_time).toBe(T + HOUR + 5 * MINUTE);
      expect(await change(t, c.user.id)).toEqual({ available: '4980', held: '20' });

      // The original end has passed but not the extended one: still running.
      await runAt(t, T + HOUR + 2 * MINUTE);
      expect((await detail(t, art.id)).status).toBe('started');
      // Everyone holding a margin is told the auction ends within 10 minutes, once.
      for (const u of [a, b, c]) {
        expect((await messages(t, u.token)).data.filter((m) => m.kind === 'ending_soon')).toHaveLength(1);
      }
      expect((await bidReq(t, b.token, art.id, '140')).body.type).toBe('ok');
      t.clock.set(new Date(T + HOUR + 3 * MINUTE));
      expect((await bidReq(t, c.token, art.id, '150')).body.type).toBe('ok');
      // The bid at +2 minutes extended again (3 minutes left); the one at +3 did not (7 left).
      const end = T + HOUR + 10 * MINUTE;
      expect((await detail(t, art.id)).end_time).toBe(end);

      await runAt(t, end + MINUTE + 1);
      // Losers' margins are back; the winner's stays held toward the price.
      expect(await change(t, a.user.id)).toEqual({ available: '5000', held: '0' });
      expect(await change(t, b.user.id)).toEqual({ available: '5000', held: '0' });
      expect(await change(t, c.user.id)).toEqual({ available: '4980', held: '20' });
      const [order] = await needPay(t, c.token);
      expect(order).toMatchObject({
        artwork_id: art.id,
        price: '150',
        margin: '20',
        amount_due: '130',
        state: 'awaiting_payment',
      });
      expect(order!.due_at! - (end + MINUTE)).toBeLessThanOrEqual(nft.PAYMENT_WINDOW_MS);
      expect(order!.due_at! - end).toBeGreaterThanOrEqual(nft.PAYMENT_WINDOW_MS);
      expect((await messages(t, c.token)).data.map((m) => m.kind)).toContain('won');
      const shown = await detail(t, art.id, c.token);
      expect(shown).toMatchObject({ status: 'ended', buy_status: 0, need_pay_order_id: order!.id });

      // Someone else cannot pay it, the winner pays once (the key replays).
      expect((await payReq(t, a.token, order!.id)).body).toEqual(error('The order does not exist'));
      const paid = okOf(nft.payNFTOrder, (await payReq(t, c.token, order!.id, 'pay-once-1')).body);
      expect(paid.state).toBe('paid');
      expect(okOf(nft.payNFTOrder, (await payReq(t, c.token, order!.id, 'pay-once-1')).body).state).toBe('paid');
      expect((await payReq(t, c.token, order!.id)).body).toEqual(
        error('This order has already been paid or has expired'),
      );
      expect(await change(t, c.user.id)).toEqual({ available: '4850', held: '0' });
      expect(
        money((await house(t)).available)
          .minus(houseBefore)
          .toFixed(),
      ).toBe('150');
      const mine = okOf(nft.getMyNFTs, (await t.call(nft.getMyNFTs, {}, { token: c.token })).body);
      expect(mine.data.map((x) => x.id)).toEqual([art.id]);
      expect(mine.data[0]!.mine).toBe(true);

      // Later sweeps change nothing.
      await runAt(t, end + 2 * DAY);
      expect(await change(t, c.user.id)).toEqual({ available: '4850', held: '0' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    },
    SLOW,
  );

  it(
    'a winner who does not pay forfeits the margin to the house and the artwork stays with its owner',
    async () => {
      const t = app();
      const T = ownTime(t);
      const seller = await funded(t);
      const w = await funded(t);
      const other = await funded(t);
      const art = await listed(t, { payType: 1, price: '50', start: new Date(T - MINUTE), end: new Date(T + DAY) });
      expect((await buyReq(t, seller.token, art.id)).body.type).toBe('ok');
      // The owner lists it again as an auction.
      const bad = await t.call(
        nft.resellNFT,
        { id: art.id, pay_type: 2, price: '80', per_increase: '5', start_time: T + HOUR, end_time: T },
        { token: seller.token, lang: 'en' },
      );
      expect(bad.body).toEqual(error('The end time must be later than the start time'));
      const notMine = await t.call(
        nft.resellNFT,
        { id: art.id, pay_type: 2, price: '80', per_increase: '5', start_time: T, end_time: T + HOUR },
        { token: w.token, lang: 'en' },
      );
      expect(notMine.body).toEqual(error('You do not own this artwork'));
      const listing = okOf(
        nft.resellNFT,
        (
          await t.call(
            nft.resellNFT,
            { id: art.id, pay_type: 2, price: '80', per_increase: '5', margin: '8', start_time: T, end_time: T + HOUR },
            { token: seller.token },
          )
        ).body,
      );
      expect(listing).toMatchObject({ listing_state: 'reselling', pay_type: 2, price: '80', margin: '8', mine: true });
      const again = await t.call(
        nft.resellNFT,
        { id: art.id, pay_type: 1, price: '80', per_increase: '5', start_time: T, end_time: T + HOUR },
        { token: seller.token, lang: 'en' },
      );
      expect(again.body).toEqual(error('This artwork is already listed for sale'));
      expect((await bidReq(t, seller.token, art.id, '80')).body).toEqual(
        error('You cannot buy or bid on your own artwork'),
      );
      expect((await bidReq(t, other.token, art.id, '80')).body.type).toBe('ok');
      expect((await bidReq(t, w.token, art.id, '85')).body.type).toBe('ok');
      const houseBefore = money((await house(t)).available);

      await runAt(t, T + HOUR + MINUTE);
      expect(await change(t, other.user.id)).toEqual({ available: '5000', held: '0' });
      const [order] = await needPay(t, w.token);
      expect(order).toMatchObject({ amount_due: '77', state: 'awaiting_payment' });
      // One hour before the window closes: reminded once.
      await runAt(t, order!.due_at! - 50 * MINUTE);
      await runAt(t, order!.due_at! - 40 * MINUTE);
      expect((await messages(t, w.token)).data.filter((m) => m.kind === 'payment_due')).toHaveLength(1);
      await runAt(t, order!.due_at! + MINUTE);
      expect(await change(t, w.user.id)).toEqual({ available: '4992', held: '0' });
      expect(
        money((await house(t)).available)
          .minus(houseBefore)
          .toFixed(),
      ).toBe('8');
      // The seller got nothing and keeps the artwork, now relisted.
      expect(await change(t, seller.user.id)).toEqual({ available: '4950', held: '0' });
      const after = await detail(t, art.id, seller.token);
      expect(after).toMatchObject({ mine: true, listing_state: 'relisted' });
      expect((await payReq(t, w.token, order!.id)).body).toEqual(
        error('This order has already been paid or has expired'),
      );
      expect((await messages(t, w.token)).data.map((m) => m.kind)).toEqual(
        expect.arrayContaining(['won', 'payment_due', 'payment_expired']),
      );
      const [forfeit] = await database().db.select().from(nftMargins).where(eq(nftMargins.userId, w.user.id));
      expect(forfeit!.status).toBe('forfeited');
      expect((await checkInvariants(database().db)).ok).toBe(true);
    },
    SLOW,
  );

  it(
    'keeps one winner and one margin per bidder under 100 concurrent bids',
    async () => {
      const t = app();
      const T = ownTime(t);
      const users = await Promise.all(Array.from({ length: 20 }, () => funded(t, '1000')));
      const art = await listed(t, {
        payType: 2,
        price: '10',
        perIncrease: '1',
        margin: '5',
        start: new Date(T - MINUTE),
        end: new Date(T + DAY),
      });
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, i) => bidReq(t, users[i % 20]!.token, art.id, String(10 + ((i * 37) % 100)))),
      );
      const accepted = replies.filter((r) => r.body.type === 'ok');
      const refused = replies.filter((r) => r.body.type !== 'ok');
      expect(accepted.length).toBeGreaterThan(0);
      for (const r of refused) expect(String(r.body.message)).toMatch(/^The bid must be at least \d+ USDT$/);
      const [sale] = await database().db.select().from(nftSales).where(eq(nftSales.artworkId, art.id));
      expect(sale!.bidCount).toBe(accepted.length);
      const bids = okOf(
        nft.getBindBoxQuotationLog,
        (await t.call(nft.getBindBoxQuotationLog, { code: art.id, limit: 100 })).body,
      ).data;
      expect(bids).toHaveLength(accepted.length);
      // In the order they were accepted, each bid is at least the previous one plus the increment.
      const prices = bids.map((b) => Number(b.price)).reverse();
      for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeGreaterThanOrEqual(prices[i - 1]! + 1);
      expect(bids.filter((b) => b.leading)).toHaveLength(1);
      expect(money(sale!.topBid!).toNumber()).toBe(Math.max(...prices));
      const margins = await database().db.select().from(nftMargins).where(eq(nftMargins.saleId, sale!.id));
      const bidders = new Set(accepted.map((_, i) => i));
      expect(bidders.size).toBeGreaterThan(0);
      for (const u of users) {
        const held = margins.filter((m) => m.userId === u.user.id);
        expect(held.length).toBeLessThanOrEqual(1);
        expect(await change(t, u.user.id)).toEqual(
          held.length ? { available: '995', held: '5' } : { available: '1000', held: '0' },
        );
      }
      expect((await checkInvariants(database().db)).ok).toBe(true);
    },
    SLOW,
  );

  it(
    'sells a fixed-price artwork once to concurrent buyers, with the buy status of SPEC.md',
    async () => {
      const t = app();
      const T = ownTime(t);
      const users = await Promise.all(Array.from({ length: 12 }, () => funded(t, '500')));
      const art = await listed(t, { payType: 1, price: '75', start: new Date(T + HOUR), end: new Date(T + DAY) });
      expect((await detail(t, art.id)).buy_status).toBe(2);
      expect((await buyReq(t, users[0]!.token, art.id)).body).toEqual(error('Item not yet on sale or already ended'));
      t.clock.set(new Date(T + 2 * HOUR));
      expect(await detail(t, art.id)).toMatchObject({ buy_status: 0, status: 'started' });
      const houseBefore = money((await house(t)).available);
      const replies = await Promise.all(users.map((u) => buyReq(t, u.token, art.id)));
      const ok = replies.filter((r) => r.body.type === 'ok');
      expect(ok).toHaveLength(1);
      for (const r of replies.filter((x) => x.body.type !== 'ok')) {
        expect(r.body).toEqual(error('This artwork has already been sold'));
      }
      const order = okOf(nft.buyNFT, ok[0]!.body);
      expect(order).toMatchObject({ state: 'paid', price: '75', amount_due: '0' });
      const winner = users[replies.indexOf(ok[0]!)]!;
      expect(await change(t, winner.user.id)).toEqual({ available: '425', held: '0' });
      for (const u of users.filter((x) => x !== winner)) {
        expect(await change(t, u.user.id)).toEqual({ available: '500', held: '0' });
      }
      expect(
        money((await house(t)).available)
          .minus(houseBefore)
          .toFixed(),
      ).toBe('75');
      expect((await detail(t, art.id, winner.token)).buy_status).toBe(1);
      t.clock.set(new Date(T + 2 * DAY));
      expect((await detail(t, art.id)).buy_status).toBe(0);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    },
    SLOW,
  );

  it(
    "relists the demo catalogue's unsold artworks once per ended sale, never owned ones or won auctions",
    async () => {
      const t = app();
      const T = ownTime(t);
      const [bidder, owner] = await Promise.all([funded(t), funded(t)]);
      const end = T + HOUR;
      const unsold = await listed(t, {
        payType: 2,
        price: '10',
        perIncrease: '1',
        margin: '1',
        start: new Date(T),
        end: new Date(end),
      });
      const box = await listed(t, { payType: 3, price: '5', start: new Date(T), end: new Date(end) }, 'blind_box');
      const won = await listed(t, {
        payType: 2,
        price: '10',
        perIncrease: '1',
        margin: '1',
        start: new Date(T),
        end: new Date(end),
      });
      const bought = await listed(t, { payType: 1, price: '20', start: new Date(T), end: new Date(end) });
      t.clock.set(new Date(T + MINUTE));
      expect((await bidReq(t, bidder.token, won.id, '10')).body.type).toBe('ok');
      expect((await buyReq(t, owner.token, bought.id)).body.type).toBe('ok');
      const resale = okOf(
        nft.resellNFT,
        (
          await callWithKey(
            t,
            nft.resellNFT,
            { id: bought.id, pay_type: 1, price: '30', per_increase: '1', start_time: T + MINUTE, end_time: end },
            { token: owner.token, key: randomUUID() },
          )
        ).body,
      );
      expect(resale).toBeDefined();
      const resold = (await detail(t, bought.id)).sale_id!;
      const salesOf = async (artworkId: number) =>
        database().db.select().from(nftSales).where(eq(nftSales.artworkId, artworkId)).orderBy(nftSales.id);

      // Outside demo mode the sweep only ends the sales.
      await inTransaction(database().db, (tx) => sweep(tx, new Date(end + 1)));
      expect((await salesOf(unsold.id)).map((x) => x.status)).toEqual(['unsold']);
      expect((await detail(t, unsold.id)).sale_id).toBe(unsold.saleId);

      // The demo's minute sweep gives each unsold catalogue artwork a new sale of the same length.
      const at = end + 2 * MINUTE + 1;
      await runAt(t, at);
      for (const art of [unsold, box]) {
        const sales = await salesOf(art.id);
        expect(sales.map((x) => x.status)).toEqual(['unsold', 'open']);
        const again = await detail(t, art.id);
        expect(again.sale_id).toBe(sales[1]!.id);
        expect(again).toMatchObject({ status: 'started', buy_status: 0, pay_type: art.id === box.id ? 3 : 2 });
        expect(again.start_time!).toBeGreaterThan(end);
        expect(again.start_time!).toBeLessThanOrEqual(at);
        expect(again.end_time! - again.start_time!).toBe(HOUR);
        expect(sales[1]).toMatchObject({ price: sales[0]!.price, sellerId: null, bidCount: 0, topBid: null });
      }
      const listedNow = okOf(nft.getBoxList, (await t.call(nft.getBoxList, { limit: 100 })).body).data;
      expect(listedNow.map((a) => a.id)).toEqual(expect.arrayContaining([unsold.id, box.id]));
      // The won auction waits for its payment; the owner's unsold resale stays hers, not relisted.
      expect((await salesOf(won.id)).map((x) => x.status)).toEqual(['awaiting_payment']);
      expect((await salesOf(bought.id)).map((x) => x.status)).toEqual(['sold', 'unsold']);
      expect(await detail(t, bought.id, owner.token)).toMatchObject({
        sale_id: resold,
        mine: true,
        listing_state: 'relisted',
      });

      // Later sweeps do not relist the same ended sale again.
      await runAt(t, at + 2 * MINUTE);
      expect((await salesOf(unsold.id)).map((x) => x.status)).toEqual(['unsold', 'open']);
      expect((await salesOf(box.id)).map((x) => x.status)).toEqual(['unsold', 'open']);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    },
    SLOW,
  );

  it(
    'publishes a blind box commitment before the sale and opening proves the content',
    async () => {
      const t = app();
      const T = ownTime(t);
      const u = await funded(t);
      const other = await funded(t);
      const box = await listed(
        t,
        { payType: 3, price: '25', start: new Date(T - MINUTE), end: new Date(T + DAY) },
        'blind_box',
      );
      const before = await detail(t, box.id);
      expect(before).toMatchObject({ type: 'blind_box', rarity: null, opened: false, proof: null });
      expect(before.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(before.odds.map((o) => [o.rarity, o.probability])).toEqual([
        ['N', '0.7'],
        ['R', '0.25'],
        ['SR', '0.05'],
      ]);
      expect((await buyReq(t, u.token, box.id)).body.type).toBe('ok');
      const openBy = (token: string) => t.call(nft.openBlindBox, { id: box.id }, { token, lang: 'en' });
      expect((await openBy(other.token)).body).toEqual(error('You do not own this artwork'));
      const opened = okOf(nft.openBlindBox, (await openBy(u.token)).body);
      const { proof } = opened;
      // Anyone can recompute the published hash from what opening reveals.
      const rebuilt = nft.canonicalBoxText(proof.box, proof.content, proof.salt);
      expect(rebuilt).toBe(proof.canonical);
      expect(createHash('sha256').update(rebuilt, 'utf8').digest('hex')).toBe(before.commitment);
      expect(proof.box).toBe(before.code);
      expect(proof.salt).toMatch(/^[0-9a-f]{64}$/);
      expect(opened.artwork).toMatchObject({ opened: true, rarity: proof.content.rarity, media: proof.content.media });
      // A changed content would not match.
      const forged = { ...proof.content, rarity: proof.content.rarity === 'SR' ? 'N' : 'SR' } as const;
      expect(
        createHash('sha256')
          .update(nft.canonicalBoxText(proof.box, forged, proof.salt))
          .digest('hex'),
      ).not.toBe(before.commitment);
      expect((await openBy(u.token)).body).toEqual(error('This blind box has already been opened'));
      expect((await detail(t, box.id)).proof).toEqual(proof);
    },
    SLOW,
  );

  it(
    'refuses bad input, missing keys and other users ids',
    async () => {
      const t = app();
      const T = ownTime(t);
      const u = await funded(t);
      const other = await funded(t);
      const art = await listed(t, {
        payType: 2,
        price: '10',
        perIncrease: '1',
        margin: '2',
        start: new Date(T),
        end: new Date(T + DAY),
      });
      expect((await bidReq(t, u.token, art.id, 'abc')).body).toEqual(
        error('Please enter the correct quantity, price or amount'),
      );
      expect((await bidReq(t, u.token, art.id, '-5')).body.type).toBe('error');
      expect((await bidReq(t, u.token, 0, '10')).body.type).toBe('error');
      expect((await bidReq(t, u.token, 2_000_000_000, '10')).body).toEqual(error('The artwork does not exist'));
      const noKey = await callWithKey(t, nft.auctionNFT, { lang: 'en', code: art.id, price: '10' }, { token: u.token });
      expect(String(noKey.body.message)).toMatch(/Idempotency-Key/);
      expect((await buyReq(t, u.token, art.id)).body).toEqual(
        error('This artwork is sold by auction; please place a bid'),
      );
      expect((await t.call(nft.getBoxDetail, { id: 'x' }, { lang: 'en' })).body.type).toBe('error');
      expect((await t.call(nft.getBoxList, { type: 'poster' }, { lang: 'en' })).body.type).toBe('error');
      // Messages and orders of another user answer like missing ones.
      expect((await bidReq(t, u.token, art.id, '10')).body.type).toBe('ok');
      expect((await bidReq(t, other.token, art.id, '11')).body.type).toBe('ok');
      const [m] = (await messages(t, u.token)).data;
      const readOther = await t.call(nft.readNFTOrderMessage, { id: m!.id }, { token: other.token, lang: 'en' });
      expect(readOther.body).toEqual(error('The record does not exist'));
      // The outbid and the receipt of u's own bid.
      expect((await messages(t, u.token)).unread).toBe(2);
      expect(
        okOf(nft.readNFTOrderMessage, (await t.call(nft.readNFTOrderMessage, { id: m!.id }, { token: u.token })).body),
      ).toEqual({
        unread: 1,
      });
      const mineBids = okOf(
        nft.getMyBindBoxQuotationLog,
        (await t.call(nft.getMyBindBoxQuotationLog, {}, { token: u.token })).body,
      );
      expect(mineBids.data.map((b) => [b.price, b.mine, b.leading])).toEqual([['10', true, false]]);
      expect((await payReq(t, other.token, 2_000_000_000)).body).toEqual(error('The order does not exist'));
    },
    SLOW,
  );

  it(
    'processes an end once when two app instances sweep at the same time (as after a restart)',
    async () => {
      const t = app();
      const t2 = await createTestApp(database());
      try {
        const T = ownTime(t, t2);
        const a = await funded(t);
        const b = await funded(t);
        const art = await listed(t, {
          payType: 2,
          price: '10',
          perIncrease: '1',
          margin: '3',
          start: new Date(T - MINUTE),
          end: new Date(T + HOUR),
        });
        expect((await bidReq(t, a.token, art.id, '10')).body.type).toBe('ok');
        expect((await bidReq(t, b.token, art.id, '20')).body.type).toBe('ok');
        const at = new Date(T + HOUR + 2 * MINUTE);
        t.clock.set(at);
        t2.clock.set(at);
        await Promise.all([t.app.ctx.scheduler.runDue(), t2.app.ctx.scheduler.runDue()]);
        await Promise.all([t.app.ctx.scheduler.runDue(), t2.app.ctx.scheduler.runDue()]);
        const orders = await database().db.select().from(nftOrders).where(eq(nftOrders.artworkId, art.id));
        expect(orders).toHaveLength(1);
        expect(await change(t, a.user.id)).toEqual({ available: '5000', held: '0' });
        expect(await change(t, b.user.id)).toEqual({ available: '4997', held: '3' });
        expect((await messages(t, b.token)).data.filter((m) => m.kind === 'won')).toHaveLength(1);
        expect((await checkInvariants(database().db)).ok).toBe(true);
      } finally {
        await t2.close();
      }
    },
    SLOW,
  );
});

import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import * as trade from '@contract/trade';
import * as wallet from '@contract/wallet';
import { checkInvariants, systemBalance } from '../../ledger/index';
import { nyseSession } from '../../market/market-hours';
import { registerUser } from '../../testing/accounts';
import { MINUTE, SECOND } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { callWithKey, okOf } from '../../testing/wallet';
import { clientFactory, collect, listen, nextEvent } from '../../testing/socket-client';
import { fundChange, instrument, makerHandle, pushFeed, tick } from '../../testing/trade';

const clients = clientFactory();
afterEach(() => clients.closeAll());

let feed = pushFeed();
let maker = makerHandle();
const MAKER = { enabled: true, spreadBps: 20, levels: 3, levelValue: 1000, maxInventory: 50_000 };

const BTC = { currency_id: 1, legal_id: 3 };
const AAPL = { currency_id: 101, legal_id: 50 };
const btc = instrument('BTC/USDT');

describeEachDatabase(
  'spot trading API',
  ({ app, database }) => {
    const place = (token: string, body: Record<string, unknown>, key = randomUUID()) =>
      callWithKey(app(), trade.placeOrder, { lang: 'en', ...body }, { token, key });
    const cancel = (token: string, id: number, key = randomUUID()) =>
      callWithKey(app(), trade.cancelOrder, { lang: 'en', id }, { token, key });
    const error = (message: unknown) => ({ type: 'error', message });

    it('refuses bad orders with a message naming the field', async () => {
      const t = app();
      const { token } = await registerUser(t);
      await tick(t, feed, 'BTC/USDT', '100000');
      const limit = { ...BTC, side: 'buy', type: 'limit', amount: '0.01', target_price: '99000' };
      expect((await place(token, { ...limit, legal_id: 50 })).body).toEqual(error('This trading pair does not exist'));
      expect((await place(token, { ...limit, target_price: '99000.001' })).body).toEqual(
        error('Price must be a multiple of the price step 0.01'),
      );
      expect((await place(token, { ...limit, amount: '0.0100001' })).body).toEqual(
        error('Amount must be a multiple of the quantity step 0.000001'),
      );
      expect((await place(token, { ...limit, amount: '0.00001' })).body).toEqual(
        error('Amount is below the minimum of 0.000011'),
      );
      expect((await place(token, { ...limit, amount: '200' })).body).toEqual(
        error('The order value is above the maximum of 10000000 USDT'),
      );
      expect((await place(token, { ...limit, target_price: undefined })).body).toEqual(error('Price is required'));
      expect((await place(token, { ...limit, tz: 'Mars/Olympus' })).body).toEqual(error('Time zone is invalid'));
      const noKey = await app().app.inject({
        method: 'POST',
        url: '/api/coin/trade',
        headers: { authorization: token, 'content-type': 'application/json' },
        payload: JSON.stringify(limit),
      });
      expect(noKey.json()).toEqual(error(expect.stringContaining('Idempotency-Key')));
      // Nothing in the change account yet: the refusal says what is available.
      expect((await place(token, limit)).body).toEqual(
        error('Insufficient balance: 0 USDT available in your exchange account'),
      );
    });

    it('rests a limit order, lists it, hides it from others and releases its hold on cancel', async () => {
      const t = app();
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      await fundChange(t, alice.token);
      await tick(t, feed, 'BTC/USDT', '100000');
      const key = randomUUID();
      const body = { ...BTC, side: 'buy', type: 'limit', amount: '0.01', target_price: '90000' };
      const placed = okOf(trade.placeOrder, (await place(alice.token, body, key)).body);
      expect(placed).toMatchObject({ symbol: 'BTC/USDT', status: 'open', price: '90000', amount: '0.01', filled: '0' });
      // The same key and body answer the same order; another body with the key is refused.
      expect(okOf(trade.placeOrder, (await place(alice.token, body, key)).body).id).toBe(placed.id);
      expect((await place(alice.token, { ...body, amount: '0.02' }, key)).body.type).toBe('error');
      const change = async () =>
        (await t.call(wallet.walletDetail, { currency: 3, type: 'change' }, { token: alice.token })).body.message;
      expect(await change()).toMatchObject({ available: '4100', held: '900' });

      const list = okOf(trade.orderList, (await t.call(trade.orderList, { ...BTC }, { token: alice.token })).body);
      expect(list.data.map((o) => o.id)).toEqual([placed.id]);
      const none = okOf(trade.orderList, (await t.call(trade.orderList, {}, { token: bob.token })).body);
      expect(none.total).toBe(0);
      const sells = okOf(
        trade.orderList,
        (await t.call(trade.orderList, { side: 'sell' }, { token: alice.token })).body,
      );
      expect(sells.total).toBe(0);

      // Another user's order id is answered as if it did not exist.
      const notFound = error('The order does not exist');
      expect((await cancel(bob.token, placed.id)).body).toEqual(notFound);
      expect((await t.call(trade.orderDetail, { id: placed.id, lang: 'en' }, { token: bob.token })).body).toEqual(
        notFound,
      );
      expect((await t.call(trade.orderDetail, { id: 999_999, lang: 'en' }, { token: alice.token })).body).toEqual(
        notFound,
      );
      const detail = okOf(
        trade.orderDetail,
        (await t.call(trade.orderDetail, { id: placed.id }, { token: alice.token })).body,
      );
      expect(detail).toMatchObject({ id: placed.id, fills: [] });

      const book = okOf(trade.orderBook, (await t.call(trade.orderBook, BTC)).body);
      expect(book.bids).toContainEqual(['90000', '0.01']);
      expect(book.rules.tick_size).toBe('0.01');

      const cancelled = okOf(trade.cancelOrder, (await cancel(alice.token, placed.id)).body);
      expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'user' });
      expect(await change()).toMatchObject({ available: '5000', held: '0' });
      const complete = okOf(
        trade.orderList,
        (await t.call(trade.orderList, { state: 'complete' }, { token: alice.token })).body,
      );
      expect(complete.data.map((o) => o.status)).toEqual(['cancelled']);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('releases a hold once under a burst of concurrent cancels of one order', async () => {
      const t = app();
      const { token } = await registerUser(t);
      await fundChange(t, token);
      await tick(t, feed, 'BTC/USDT', '100000');
      const body = { ...BTC, side: 'buy', type: 'limit', amount: '0.02', target_price: '95000' };
      const placed = okOf(trade.placeOrder, (await place(token, body)).body);
      const replies = await Promise.all(Array.from({ length: 12 }, () => cancel(token, placed.id)));
      expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(1);
      expect(replies.filter((r) => r.body.type === 'error').map((r) => r.body.message)).toEqual(
        Array.from({ length: 11 }, () => 'The order does not exist'),
      );
      const detail = (await t.call(wallet.walletDetail, { currency: 3, type: 'change' }, { token })).body.message;
      expect(detail).toMatchObject({ available: '5000', held: '0' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('refuses market orders on a stale price while limit orders still rest', async () => {
      const t = app();
      const { token } = await registerUser(t);
      await fundChange(t, token);
      await tick(t, feed, 'BTC/USDT', '100000');
      t.clock.advance(t.config.marketStaleMs + SECOND);
      await t.app.ctx.market.pump();
      const market = { ...BTC, side: 'buy', type: 'market', amount: '100' };
      expect((await place(token, market)).body).toEqual(
        error(
          'There is no live price for this pair at the moment, so market orders are paused; limit orders can still be placed',
        ),
      );
      const limit = { ...BTC, side: 'buy', type: 'limit', amount: '0.01', target_price: '99000' };
      expect(okOf(trade.placeOrder, (await place(token, limit)).body).status).toBe('open');
      const book = okOf(trade.orderBook, (await t.call(trade.orderBook, BTC)).body);
      expect(book.session).toEqual({ open: true, opens_at: null, stale: true });
    });

    it('replays a retried market order accepted before the price went stale, and refuses another body under its key', async () => {
      const t = app();
      const { token } = await registerUser(t);
      await fundChange(t, token);
      await tick(t, feed, 'BTC/USDT', '100000');
      await maker.get().step();
      const key = randomUUID();
      const market = { ...BTC, side: 'buy', type: 'market', amount: '100' };
      const first = okOf(trade.placeOrder, (await place(token, market, key)).body);
      t.clock.advance(t.config.marketStaleMs + SECOND);
      await t.app.ctx.market.pump();
      expect(okOf(trade.placeOrder, (await place(token, market, key)).body)).toEqual(first);
      expect((await place(token, { ...market, amount: '200' }, key)).body).toEqual(
        error(expect.stringMatching(/key/i)),
      );
      const list = okOf(trade.orderList, (await t.call(trade.orderList, { state: 'complete' }, { token })).body);
      expect(list.data.filter((o) => o.id === first.id)).toHaveLength(1);
    });

    it("refuses stock market orders while the exchange is closed, saying when it opens in the user's zone", async () => {
      const t = app();
      const { token } = await registerUser(t);
      await fundChange(t, token);
      // The coming Saturday at noon UTC: the NYSE is closed.
      const now = t.clock.now();
      const saturday = new Date(now);
      saturday.setUTCDate(now.getUTCDate() + ((6 - now.getUTCDay() + 7) % 7 || 7));
      saturday.setUTCHours(12, 0, 0, 0);
      t.clock.set(saturday);
      await tick(t, feed, 'AAPL/USD', '200');
      const opensAt = nyseSession(saturday.getTime()).opens_at as number;
      const buy = { ...AAPL, side: 'buy', type: 'market', amount: '100', tz: 'America/New_York' };
      expect((await place(token, buy)).body).toEqual(
        error(expect.stringMatching(/^The market is closed and opens at Mon.* 09:30 (AM )?E[SD]T; limit orders/)),
      );
      const book = okOf(trade.orderBook, (await t.call(trade.orderBook, AAPL)).body);
      expect(book.session).toMatchObject({ open: false, opens_at: opensAt });
      // A limit order may rest while the market is closed.
      const limit = { ...AAPL, side: 'buy', type: 'limit', amount: '1', target_price: '190' };
      expect(okOf(trade.placeOrder, (await place(token, limit)).body).status).toBe('open');
    });

    it('fills a market buy against the maker, in the order list, the records and the user room only', async () => {
      const t = app();
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      await fundChange(t, alice.token);
      const sent: [number, string, unknown][] = [];
      t.app.realtime.emitToUser = (userId, event, payload) => void sent.push([userId, event, payload]);
      await tick(t, feed, 'BTC/USDT', '100000');
      await maker.get().step();
      const book = okOf(trade.orderBook, (await t.call(trade.orderBook, BTC)).body);
      expect(book.asks[0]![0]).toBe('100100');
      expect(book.bids[0]![0]).toBe('99900');
      expect(book.maker).toEqual({
        active: true,
        spread_bps: 20,
        levels: 3,
        level_value: '1000',
        max_inventory: '50000',
      });

      const order = okOf(
        trade.placeOrder,
        (await place(alice.token, { ...BTC, side: 'buy', type: 'market', amount: '500' })).body,
      );
      expect(order.budget).toBe('500');
      expect(Number(order.filled)).toBeGreaterThan(0.004);
      expect(order.avg_price).toBe('100100');
      expect(['filled', 'cancelled']).toContain(order.status);
      const complete = okOf(
        trade.orderList,
        (await t.call(trade.orderList, { state: 'complete' }, { token: alice.token })).body,
      );
      expect(complete.data.map((o) => o.id)).toContain(order.id);
      const detail = okOf(
        trade.orderDetail,
        (await t.call(trade.orderDetail, { id: order.id }, { token: alice.token })).body,
      );
      expect(detail.fills[0]).toMatchObject({ price: '100100', role: 'taker' });
      const records = (await t.call(wallet.legalLog, { type: 'change' }, { token: alice.token })).body.message as {
        data: { kind: string; currency_name: string }[];
      };
      expect(
        records.data
          .filter((r) => r.kind === 'order_fill')
          .map((r) => r.currency_name)
          .sort(),
      ).toContain('BTC');

      const events = sent.filter(([, event]) => event === 'order');
      expect(events.length).toBeGreaterThan(0);
      expect(events.every(([userId]) => userId === alice.user.id)).toBe(true);
      expect(events.some(([, , p]) => (p as { id: number }).id === order.id)).toBe(true);
      expect(sent.some(([userId]) => userId === bob.user.id)).toBe(false);

      // The book's trade is the market's trade now, and the detail page shows the real book.
      await t.app.ctx.market.pump();
      const after = okOf(trade.orderBook, (await t.call(trade.orderBook, BTC)).body);
      expect(after.trades[0]).toMatchObject({ price: '100100', direction: 'buy' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('refuses whole a market order whose fill on the real book would pass its slippage limit', async () => {
      const t = app();
      const alice = await registerUser(t);
      await fundChange(t, alice.token);
      await tick(t, feed, 'BTC/USDT', '100000');
      await maker.get().step();
      const change = async () =>
        (await t.call(wallet.walletDetail, { currency: 3, type: 'change' }, { token: alice.token })).body.message;
      const buy = { ...BTC, side: 'buy', type: 'market', amount: '500' };
      // The maker's best ask is 100100: 0.1 % above the last price.
      expect((await place(alice.token, { ...buy, max_slippage: '0.05' })).body).toEqual(
        error(
          'The estimated fill averages 0.1% worse than the last price, above your slippage limit of 0.05%; nothing was placed',
        ),
      );
      const sell = { ...BTC, side: 'sell', type: 'market', amount: '0.01', max_slippage: '0.01' };
      expect((await place(alice.token, sell)).body).toEqual(error(expect.stringContaining('0.1% worse')));
      expect(await change()).toMatchObject({ available: '5000', held: '0' });
      const none = okOf(
        trade.orderList,
        (await t.call(trade.orderList, { state: 'complete' }, { token: alice.token })).body,
      );
      expect(none.total).toBe(0);
      expect((await place(alice.token, { ...buy, max_slippage: '60' })).body).toEqual(
        error('The slippage limit must be above 0% and at most 50%'),
      );
      const limit = { ...BTC, side: 'buy', type: 'limit', amount: '0.001', target_price: '90000', max_slippage: '1' };
      expect((await place(alice.token, limit)).body).toEqual(error('Slippage limit is invalid'));

      // Within the limit it fills (a sell, so the house's USDT only shrinks in this suite).
      const order = okOf(trade.placeOrder, (await place(alice.token, { ...sell, max_slippage: '0.5' })).body);
      expect(order).toMatchObject({ avg_price: '99900', status: 'filled' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it("announces an order's changes on its owner's live connection and nobody else's", async () => {
      const t = app();
      const url = await listen(t.app);
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      await fundChange(t, alice.token);
      await tick(t, feed, 'BTC/USDT', '100000');
      const aliceSocket = await clients.connect(url);
      expect(await aliceSocket.emitWithAck('login', { token: alice.token })).toMatchObject({ type: 'ok' });
      const bobSocket = await clients.connect(url);
      expect(await bobSocket.emitWithAck('login', { token: bob.token })).toMatchObject({ type: 'ok' });
      const opened = nextEvent(aliceSocket, 'order');
      const bobSees = collect(bobSocket, 500);
      const body = { ...BTC, side: 'sell', type: 'limit', amount: '0.01', target_price: '120000' };
      const placed = okOf(trade.placeOrder, (await place(alice.token, body)).body);
      expect(await opened).toEqual({ type: 'order', id: placed.id, symbol: 'BTC/USDT', status: 'open' });
      const cancelled = nextEvent(aliceSocket, 'order');
      await cancel(alice.token, placed.id);
      expect(await cancelled).toEqual({ type: 'order', id: placed.id, symbol: 'BTC/USDT', status: 'cancelled' });
      expect(await bobSees).toEqual([]);
    });

    it('has the maker withdraw when the feed goes stale, funded by the house only once', async () => {
      const t = app();
      await tick(t, feed, 'BTC/USDT', '100000');
      await maker.get().step();
      expect(maker.get().resting(btc.id).length).toBeGreaterThan(0);
      t.clock.advance(t.config.marketStaleMs + SECOND);
      await t.app.ctx.market.pump();
      await maker.get().step();
      expect(maker.get().resting(btc.id)).toEqual([]);
      const book = okOf(trade.orderBook, (await t.call(trade.orderBook, BTC)).body);
      expect(book.maker?.active).toBe(false);
      // No user sells on this book: with the maker gone there are no asks.
      expect(book.asks).toEqual([]);
      t.clock.advance(MINUTE);
      // Each test app started a maker on this database; the house funded it once.
      const usdt = await systemBalance(database().db, 'maker', 3);
      expect(Number(usdt.available) + Number(usdt.held)).toBeLessThanOrEqual(2 * 3 * 1000 * 28 + 1000);
    });
  },
  () => {
    feed = pushFeed();
    maker = makerHandle();
    return { market: { manual: true, feed }, config: { maker: MAKER }, maker: { manual: true, ready: maker.ready } };
  },
);

import { expect, it } from 'vitest';
import * as market from '@contract/market';
import { MAX_CANDLES, type Candle, type PairQuote } from '@contract/market';
import type { MarketEvent } from '@contract/market-events';
import { translate } from '../i18n';
import { createTestApp } from '../testing/app';
import { MINUTE, SECOND } from '../testing/clock';
import { describeEachDatabase } from '../testing/suite';
import { inTransaction, post } from '../ledger/index';
import { systemAccount } from '../ledger/types';
import type { TestApp } from '../testing/app';
import { registerUser } from '../testing/accounts';
import { fundChange } from '../testing/trade';

/** The house lends the maker account `amount` of a currency, so a test can rest orders as the maker. */
const lendMaker = (t: TestApp, currencyId: number, amount: string) =>
  inTransaction(t.app.ctx.db, (tx) =>
    post(tx, {
      kind: 'maker_funding',
      entries: [
        { account: systemAccount('house', currencyId), amount: `-${amount}` },
        { account: systemAccount('maker', currencyId), amount },
      ],
    }),
  );

/** A limit order of the maker on a pair, in ticks and lots. */
const rest = (t: TestApp, pairId: number, side: 'buy' | 'sell', price: number, qty: number) =>
  t.app.ctx.trading.place({
    owner: 'maker',
    pairId,
    side,
    type: 'limit',
    price,
    qty,
    budget: null,
    ioc: false,
    postOnly: false,
  });

/** Later than any other test's clock: the restart test reads back the newest stored candles. */
const START = new Date(Date.UTC(2031, 2, 10, 9, 30, 0));
const invalid = (field: string) => ({ type: 'error', message: translate('en', 'field_invalid', { field }) });

describeEachDatabase('market data', ({ app, database }) => {
  it('lists currencies with the spec ids and USDT on two networks', async () => {
    const t = app();
    const res = await t.call(market.currencyList);
    const list = res.body.message as market.Currency[];
    const byName = new Map(list.map((c) => [c.name, c]));
    expect([byName.get('BTC')?.id, byName.get('ETH')?.id, byName.get('USDT')?.id]).toEqual([1, 2, 3]);
    expect(byName.get('USDT')?.networks).toEqual(['ERC20', 'TRC20']);
    expect(byName.get('BTC')).toMatchObject({ subName: 'Bitcoin', type: 'crypto', status: 1 });
    expect(byName.get('BTC')?.image).toMatch(/^data:image\/svg\+xml,/);
    const stocks = (await t.call(market.currencyList, { type: 'stock' })).body.message as market.Currency[];
    expect(stocks.map((s) => s.name)).toContain('AAPL');
    expect(stocks.every((s) => s.type === 'stock')).toBe(true);
    expect((await t.call(market.currencyList, { type: 'bond' }, { lang: 'en' })).body).toEqual(invalid('type'));
  });

  it('groups quotes by quote currency; simulated prices say so and go live after a tick', async () => {
    const t = app();
    const before = (await t.call(market.quotationNew)).body.message as { legal_name: string; quotation: PairQuote[] }[];
    expect(before.map((g) => g.legal_name)).toEqual(['USDT', 'USD']);
    const btc = before[0]!.quotation[0]!;
    expect(btc).toMatchObject({
      symbol: 'BTC/USDT',
      currency_id: 1,
      legal_id: 3,
      source: 'simulated',
      open_lever: true,
    });
    t.clock.advance(2 * SECOND);
    await t.app.ctx.market.pump();
    const after = (await t.call(market.quotationNew)).body.message as { quotation: PairQuote[] }[];
    const live = after[0]!.quotation[0]!;
    expect(live.stale).toBe(false);
    expect(live.ts).toBeGreaterThan(0);
    expect(Number(live.now_price)).toBeGreaterThan(0);
    expect(Number(live.volume)).toBeGreaterThan(0);
    expect(after[1]!.quotation.every((q) => q.kind === 'stock' && q.legal_name === 'USD')).toBe(true);
  });

  it('searches by ticker or name and lists hot pairs by traded value', async () => {
    const t = app();
    const btc = (await t.call(market.marketSearch, { keyword: 'btc' })).body.message as PairQuote[];
    expect(btc.map((q) => q.symbol)).toEqual(['BTC/USDT']);
    const apple = (await t.call(market.marketSearch, { keyword: 'Apple' })).body.message as PairQuote[];
    expect(apple.map((q) => q.symbol)).toEqual(['AAPL/USD']);
    expect((await t.call(market.marketSearch, { keyword: 'zzzz' })).body.message).toEqual([]);
    expect((await t.call(market.marketSearch, {}, { lang: 'en' })).body.type).toBe('error');
    const hot = (await t.call(market.hotSearch)).body.message as PairQuote[];
    expect(hot).toHaveLength(8);
    const value = (q: PairQuote) => Number(q.volume) * Number(q.now_price);
    expect(hot.map(value)).toEqual([...hot.map(value)].sort((a, b) => b - a));
  });

  it('answers a pair with the depth and recent trades of the real order book', async () => {
    const t = app();
    t.clock.advance(5 * SECOND);
    await t.app.ctx.market.pump();
    const eth = t.app.ctx.market.find('ETH/USDT')!;
    await lendMaker(t, 2, '2');
    await lendMaker(t, 3, '10000');
    // ETH/USDT: ticks of 0.01, lots of 0.00001.
    await rest(t, eth.id, 'buy', 330_000, 100_000);
    await rest(t, eth.id, 'sell', 350_000, 100_000);
    await rest(t, eth.id, 'sell', 350_100, 50_000);
    const detail = async () =>
      (await t.call(market.marketDetail, { symbol: 'eth/usdt' })).body.message as {
        quote: PairQuote;
        bids: string[][];
        asks: string[][];
        trades: { price: string; ts: number }[];
      };
    const d = await detail();
    expect(d.quote.symbol).toBe('ETH/USDT');
    expect(d.bids).toEqual([['3300', '1']]);
    expect(d.asks).toEqual([
      ['3500', '1'],
      ['3501', '0.5'],
    ]);
    // The feed's simulated trades price the pair but are not trades of the book.
    expect(d.trades).toEqual([]);
    // A user buys from the maker's best ask (the maker's own orders never meet each other).
    const { user, token } = await registerUser(t);
    await fundChange(t, token);
    await t.app.ctx.trading.place({
      owner: user.id,
      pairId: eth.id,
      side: 'buy',
      type: 'limit',
      price: 350_000,
      qty: 40_000,
      budget: null,
      ioc: false,
      postOnly: false,
    });
    const traded = await detail();
    expect(traded.trades.map((tr) => tr.price)).toEqual(['3500']);
    expect(traded.asks[0]).toEqual(['3500', '0.6']);
    expect((await t.call(market.marketDetail, { symbol: 'NOPE/USDT' }, { lang: 'en' })).body).toEqual(
      invalid('symbol'),
    );
  });

  it('refuses bad candle requests: unknown symbol, bad period, from after to, not a time', async () => {
    const t = app();
    const ok = { symbol: 'BTC/USDT', period: '1min', from: 0, to: Date.now() };
    const ask = (over: Record<string, unknown>) => t.call(market.newTimeshar, { ...ok, ...over }, { lang: 'en' });
    expect((await ask({ symbol: 'DOGE/EUR' })).body).toEqual(invalid('symbol'));
    expect((await ask({ period: '2min' })).body).toEqual(invalid('period'));
    expect((await ask({ from: 2000, to: 1000 })).body).toEqual(invalid('from'));
    expect((await ask({ from: 'yesterday' })).body).toEqual(invalid('from'));
    expect((await ask({ to: -5 })).body).toEqual(invalid('to'));
    expect((await t.call(market.newTimeshar, { period: '1min', from: 0, to: 1 }, { lang: 'en' })).body.type).toBe(
      'error',
    );
  });

  it('has candles for every period, caps huge ranges at the latest MAX_CANDLES, oldest first', async () => {
    const t = app();
    t.clock.advance(3 * SECOND);
    await t.app.ctx.market.pump();
    const to = t.clock.now().getTime();
    for (const period of ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon']) {
      const res = await t.call(market.newTimeshar, { symbol: 'SOL/USDT', period, from: 0, to });
      const candles = res.body.message as Candle[];
      expect(candles.length, period).toBeGreaterThanOrEqual(50);
      expect(candles.length).toBeLessThanOrEqual(MAX_CANDLES);
      expect(candles.map((c) => c.time)).toEqual([...candles.map((c) => c.time)].sort((a, b) => a - b));
      expect(candles.at(-1)!.time).toBeLessThanOrEqual(to);
    }
    const minutes = (await t.call(market.newTimeshar, { symbol: 'SOL/USDT', period: '1min', from: 0, to })).body
      .message as Candle[];
    expect(minutes).toHaveLength(MAX_CANDLES);
    const quote = t.app.ctx.market.quote(t.app.ctx.market.find('SOL/USDT')!);
    expect(minutes.at(-1)!.close).toBe(quote.now_price);
    const window = (
      await t.call(market.newTimeshar, { symbol: 'SOL/USDT', period: '1min', from: to - 10 * MINUTE, to })
    ).body.message as Candle[];
    expect(window.length).toBeGreaterThanOrEqual(10);
    expect(window.length).toBeLessThanOrEqual(11);
  });

  it('stores candles built from ticks and serves them again after a restart', async () => {
    const t = app();
    t.clock.set(START);
    const first = await createTestApp(database(), { now: t.clock.now });
    for (let i = 0; i < 130; i += 10) {
      t.clock.advance(10 * SECOND);
      await first.app.ctx.market.pump();
    }
    const range = { symbol: 'BTC/USDT', period: '1min', from: START.getTime(), to: t.clock.now().getTime() };
    const live = (await first.call(market.newTimeshar, range)).body.message as Candle[];
    expect(live.map((c) => c.time)).toEqual([0, 1, 2].map((m) => START.getTime() + m * MINUTE));
    await first.close();
    const second = await createTestApp(database(), { now: t.clock.now });
    const again = (await second.call(market.newTimeshar, range)).body.message as Candle[];
    expect(again).toEqual(live);
    const quote = second.app.ctx.market.quote(second.app.ctx.market.find('BTC/USDT')!);
    expect(quote.now_price).toBe(live.at(-1)!.close);
    await second.close();
  });

  it('publishes ticker, candles, depth and trades to the hub at most once a second per pair', async () => {
    const t = app();
    const events: MarketEvent[] = [];
    t.app.ctx.market.hub.subscribe((e) => events.push(e));
    for (let i = 0; i < 15; i++) {
      t.clock.advance(200);
      await t.app.ctx.market.pump();
    }
    const btc = events.filter((e) => e.symbol === 'BTC/USDT');
    const count = (type: string) => btc.filter((e) => e.type === type).length;
    expect(count('daymarket')).toBeGreaterThanOrEqual(2);
    expect(count('daymarket')).toBeLessThanOrEqual(4);
    expect(count('kline')).toBe(8 * count('daymarket'));
    // Depth and trades are the order book's: nothing changed on it, nothing is published.
    expect(count('match_trade')).toBe(0);
    expect(count('market_depth')).toBe(0);
    await lendMaker(t, 1, '1');
    const pair = t.app.ctx.market.find('BTC/USDT')!;
    await rest(t, pair.id, 'sell', 20_000_000, 10_000);
    await rest(t, pair.id, 'sell', 20_000_100, 10_000);
    t.clock.advance(SECOND);
    await t.app.ctx.market.pump();
    const depth = events.filter((e) => e.type === 'market_depth' && e.symbol === 'BTC/USDT');
    expect(depth).toHaveLength(1);
    expect(depth[0]).toMatchObject({
      bids: [],
      asks: [
        ['200000', '0.01'],
        ['200001', '0.01'],
      ],
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { PairQuote } from '@contract/market';
import type { MakerConfig } from '../../config';
import { instrumentBySymbol, type Instrument } from '../../market/catalog';
import type { MarketRuntime } from '../../market/runtime';
import { fakeCore } from '../../testing/fake-core';
import { fundingTargets } from './funding';
import { gridFor, quoteLadder } from './ladder';
import { createMarketMaker, type MakerStore } from './maker';

const btc = instrumentBySymbol.get('BTC/USDT') as Instrument;
const apple = instrumentBySymbol.get('AAPL/USD') as Instrument;
const CONFIG: MakerConfig = { enabled: true, spreadBps: 20, levels: 3, levelValue: 1000, maxInventory: 50_000 };
/** Tuesday 24 November 2026, 10:00 in New York. */
const OPEN = Date.parse('2026-11-24T15:00:00Z');
const SUNDAY = Date.parse('2026-11-22T15:00:00Z');

function setup(config: MakerConfig = CONFIG) {
  const prices = new Map<number, { price: string; stale: boolean }>([
    [btc.id, { price: '100000', stale: false }],
    [apple.id, { price: '200', stale: false }],
  ]);
  let now = OPEN;
  const market = {
    instruments: () => [btc, apple],
    quote: (inst: Instrument) => {
      const p = prices.get(inst.id) as { price: string; stale: boolean };
      return { now_price: p.price, stale: p.stale, ts: now } as PairQuote;
    },
  } as unknown as MarketRuntime;
  const balances = new Map<number, string>([
    [btc.base.id, '0.2'],
    [apple.base.id, '100'],
    [3, '1000000'],
  ]);
  const store: MakerStore = {
    restingOrders: async () => [],
    balance: async (id) => ({ available: balances.get(id) ?? '0', held: '0' }),
    fund: async () => [],
  };
  const core = fakeCore();
  const maker = createMarketMaker({
    config,
    trading: core,
    market,
    store,
    now: () => new Date(now),
    fund: false,
    manual: true,
  });
  const resting = (inst: Instrument) => maker.resting(inst.id).map((id) => core.orders.get(id)!);
  return {
    core,
    maker,
    prices,
    balances,
    resting,
    setNow: (t: number) => {
      now = t;
    },
  };
}

describe('market maker', () => {
  it('quotes both sides around the feed price at the published spread, post-only, as the maker', async () => {
    const { core, maker, resting } = setup();
    await maker.start();
    await maker.step();
    const orders = resting(btc);
    const bids = orders.filter((o) => o.side === 'buy').map((o) => Number(o.price));
    const asks = orders.filter((o) => o.side === 'sell').map((o) => Number(o.price));
    // 20 bps spread around 100000: best bid 99900, best ask 100100 (in ticks of 0.01), then 10 bps apart.
    expect(bids).toEqual([9_990_000, 9_980_000, 9_970_000]);
    expect(asks).toEqual([10_010_000, 10_020_000, 10_030_000]);
    expect(core.placed.every((o) => o.owner === 'maker' && o.postOnly && o.type === 'limit')).toBe(true);
    expect(maker.terms(btc)).toEqual({
      active: true,
      spread_bps: 20,
      levels: 3,
      level_value: '1000',
      max_inventory: '50000',
    });
  });

  it('requotes only when the feed crosses to another grid point, replacing only the levels that moved', async () => {
    const { core, maker, prices, resting } = setup();
    await maker.start();
    await maker.step();
    const first = core.placed.length;
    const bestBid = () =>
      Math.max(
        ...resting(btc)
          .filter((o) => o.side === 'buy')
          .map((o) => Number(o.price)),
      );
    prices.set(btc.id, { price: '100040', stale: false }); // 4 bps: still nearest the same grid point
    await maker.step();
    expect(core.placed.length).toBe(first);
    prices.set(btc.id, { price: '100100', stale: false }); // one step (10 bps) up
    await maker.step();
    // One new level each side: the nearest bid and the farthest ask; the other four stay.
    expect(core.placed.length).toBe(first + 2);
    expect(bestBid()).toBe(10_000_000);
    expect(resting(btc)).toHaveLength(6);
    core.fill(maker.resting(btc.id)[0]!);
    await maker.step();
    expect(core.placed.length).toBe(first + 3);
    expect(resting(btc)).toHaveLength(6);
  });

  it('withdraws from a pair whose feed is stale and quotes again when it is fresh', async () => {
    const { maker, prices, resting } = setup();
    await maker.start();
    await maker.step();
    prices.set(btc.id, { price: '100000', stale: true });
    await maker.step();
    expect(resting(btc)).toEqual([]);
    expect(maker.terms(btc).active).toBe(false);
    expect(resting(apple)).toHaveLength(6);
    prices.set(btc.id, { price: '100000', stale: false });
    await maker.step();
    expect(resting(btc)).toHaveLength(6);
  });

  it('withdraws from stocks while the market is closed', async () => {
    const { maker, resting, setNow } = setup();
    await maker.start();
    await maker.step();
    expect(resting(apple)).toHaveLength(6);
    setNow(SUNDAY);
    await maker.step();
    expect(resting(apple)).toEqual([]);
    expect(resting(btc)).toHaveLength(6);
  });

  it('stops bidding where its inventory would pass the cap, and never offers more than it holds', async () => {
    const { maker, balances, resting } = setup();
    balances.set(btc.base.id, '0.48'); // 48,000 at 100,000: room for one bid of about 1,000
    balances.set(apple.base.id, '7'); // one ask of about 5 shares, not two
    await maker.start();
    await maker.step();
    expect(resting(btc).filter((o) => o.side === 'buy')).toHaveLength(1);
    expect(resting(btc).filter((o) => o.side === 'sell')).toHaveLength(3);
    expect(resting(apple).filter((o) => o.side === 'sell')).toHaveLength(1);
    expect(resting(apple).filter((o) => o.side === 'buy')).toHaveLength(3);
  });

  it('does nothing when disabled', async () => {
    const { core, maker } = setup({ ...CONFIG, enabled: false });
    await maker.start();
    await maker.step();
    expect(core.placed).toEqual([]);
    expect(maker.terms(btc).active).toBe(false);
  });
});

describe('quote ladder', () => {
  const rules = btc.rules;
  it('sizes each level at about its value, at least the minimum quantity', () => {
    const quotes = quoteLadder({
      mid: '100000',
      grid: gridFor('100000', 20, rules.tick_size),
      rules,
      config: CONFIG,
      baseInventory: '0.2',
      quoteBudget: '1000000',
    });
    expect(quotes.map((q) => q.qty)).toEqual([10_010, 10_020, 10_030, 9_990, 9_980, 9_970]);
  });

  it('keeps levels on distinct ticks when the tick is coarse', () => {
    const doge = instrumentBySymbol.get('DOGE/USDT') as Instrument;
    const quotes = quoteLadder({
      mid: '0.001',
      grid: gridFor('0.001', 20, doge.rules.tick_size),
      rules: doge.rules,
      config: CONFIG,
      baseInventory: '100000000',
      quoteBudget: '1000000',
    });
    const prices = quotes.map((q) => `${q.side}${q.price}`);
    expect(new Set(prices).size).toBe(prices.length);
  });

  it('asks only for what it holds and bids only what it can pay', () => {
    const grid = gridFor('100000', 20, rules.tick_size);
    const quotes = quoteLadder({
      mid: '100000',
      grid,
      rules,
      config: CONFIG,
      baseInventory: '0.015',
      quoteBudget: '1500',
    });
    expect(quotes.filter((q) => q.side === 'sell')).toHaveLength(1);
    expect(quotes.filter((q) => q.side === 'buy')).toHaveLength(1);
  });

  it('funds each pair twice its ladder', () => {
    const targets = fundingTargets(CONFIG, [btc, apple]);
    expect(targets.get(btc.base.id)).toBe('0.061856');
    expect(targets.get(apple.base.id)).toBe('26.3158');
    expect(targets.get(3)).toBe('12000');
  });
});

import { expect, it } from 'vitest';
import { pushFeed } from '../testing/trade';
import { createTestApp, type TestApp } from '../testing/app';
import { describeEachDatabase } from '../testing/suite';
import { createPriceHistory, priceAt, pricesAt, prunePrices, secondOf, writePrices } from './price-history';

const T0 = Date.UTC(2032, 0, 1);
let pair = 100;

describeEachDatabase('price record', ({ app, database }) => {
  it('puts a trade in the whole second at or after it', () => {
    expect([secondOf(T0), secondOf(T0 + 1), secondOf(T0 + 999), secondOf(T0 + 1000)]).toEqual([
      T0,
      T0 + 1000,
      T0 + 1000,
      T0 + 1000,
    ]);
  });

  it('reads back the last trade at or before a time, at whole seconds', async () => {
    const db = database().db;
    const id = ++pair;
    const row = (ts: number, price: string) => ({
      pairId: id,
      second: secondOf(ts),
      price,
      ts,
      source: 'binance' as const,
    });
    await writePrices(db, [row(T0, '10'), row(T0 + 900, '11.5'), row(T0 + 2000, '12')]);
    // An earlier trade of a second never replaces a later one; a later one does.
    await writePrices(db, [row(T0 + 400, '99')]);
    await writePrices(db, [row(T0 + 950, '11.25')]);
    expect(await priceAt(db, id, T0 - 1)).toBeUndefined();
    expect(await priceAt(db, id, T0)).toEqual({ price: '10', ts: T0, source: 'binance' });
    // Within a second the time is taken down to the second: the trade at +950 is not yet "at or before".
    expect(await priceAt(db, id, T0 + 999)).toEqual({ price: '10', ts: T0, source: 'binance' });
    expect(await priceAt(db, id, T0 + 1000)).toEqual({ price: '11.25', ts: T0 + 950, source: 'binance' });
    expect(await priceAt(db, id, T0 + 1999)).toMatchObject({ price: '11.25' });
    expect(await priceAt(db, id, T0 + 60_000)).toMatchObject({ price: '12', ts: T0 + 2000 });
    const many = await pricesAt(db, [
      { pairId: id, t: T0 + 1000 },
      { pairId: id, t: T0 + 2000 },
      { pairId: id + 1, t: T0 + 2000 },
    ]);
    expect([...many.keys()].sort()).toEqual([`${id}|${T0 + 1000}`, `${id}|${T0 + 2000}`]);
    expect(await prunePrices(db, [id], T0 + 2000)).toBe(2);
    expect(await priceAt(db, id, T0 + 1000)).toBeUndefined();
    expect(await priceAt(db, id, T0 + 2000)).toMatchObject({ price: '12' });
  });

  it('prunes rows past the retention, except those a pending read still needs', async () => {
    const t = app();
    const db = database().db;
    const id = ++pair;
    const at = (second: number) => ({
      pairId: id,
      second,
      price: String(second - T0),
      ts: second,
      source: 'binance' as const,
    });
    await writePrices(db, [at(T0 + 1000), at(T0 + 2000), at(T0 + 3000)]);
    let needed: number | null = T0 + 2000;
    const history = createPriceHistory({
      db,
      market: t.app.ctx.market,
      pairIds: [id],
      retentionMs: 60_000,
      keepFrom: async () => needed,
    });
    try {
      t.clock.set(new Date(T0 + 3_600_000));
      await t.app.ctx.market.pump();
      await history.idle();
      // Past the retention, but an unsettled order may still read from T0 + 2000.
      expect(await priceAt(db, id, T0 + 1000)).toBeUndefined();
      expect(await priceAt(db, id, T0 + 2000)).toMatchObject({ price: '2000' });
      expect(await priceAt(db, id, T0 + 3000)).toMatchObject({ price: '3000' });
      needed = null;
      t.clock.set(new Date(T0 + 4_800_000));
      await t.app.ctx.market.pump();
      await history.idle();
      expect(await priceAt(db, id, T0 + 3000)).toBeUndefined();
    } finally {
      await history.stop();
    }
  });

  it('records the feed once a second and marks how far the record is final', async () => {
    // The simulation is pulled: every trade up to a pump's time has been emitted by it.
    const t = app();
    t.clock.set(new Date(T0 + 3_600_000 + 250));
    const history = t.app.ctx.priceRecord.history;
    expect(history.recordedThrough(1)).toBe(0);
    await t.app.ctx.market.pump();
    await history.idle();
    expect(history.recordedThrough(1)).toBe(T0 + 3_600_250);
    const last = history.last(1)!;
    expect(last).toMatchObject({ source: 'simulated' });
    expect(await history.at(1, T0 + 3_600_000)).toEqual(last);
    // An exchange stream is complete only up to just before its latest trade.
    const pushed = { ...pushFeed(), source: 'binance' as const };
    const live: TestApp = await createTestApp(database(), { market: { manual: true, feed: pushed } });
    try {
      const start = T0 + 7_200_000;
      live.clock.set(new Date(start + 5000));
      pushed.push({
        kind: 'trade',
        symbol: 'ETH/USDT',
        price: '3400.5',
        amount: '1',
        direction: 'buy',
        ts: start + 1200,
      });
      pushed.push({
        kind: 'trade',
        symbol: 'ETH/USDT',
        price: '3401',
        amount: '1',
        direction: 'sell',
        ts: start + 1700,
      });
      await live.app.ctx.market.pump();
      await live.app.ctx.priceRecord.history.idle();
      const h = live.app.ctx.priceRecord.history;
      expect(h.recordedThrough(2)).toBe(start + 1699);
      expect(h.recordedThrough(1)).toBe(0);
      expect(h.last(2)).toEqual({ price: '3401', ts: start + 1700, source: 'binance' });
      expect(await h.at(2, start + 2000)).toEqual({ price: '3401', ts: start + 1700, source: 'binance' });
    } finally {
      await live.close();
    }
  });
});

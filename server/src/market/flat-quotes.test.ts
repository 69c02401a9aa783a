import { expect, it } from 'vitest';
import * as market from '@contract/market';
import type { PairQuote } from '@contract/market';
import { CATALOG } from './catalog';
import type { FeedEvent, MarketFeed } from './feed';
import { HOUR, MINUTE } from '../testing/clock';
import { describeOnOneDatabase } from '../testing/suite';

/** Few pairs keep a day of candles quick to store; the cost per pair is what is compared. */
const PRICED = new Set(CATALOG.instruments.filter((i) => i.kind === 'spot').slice(0, 6));

/**
 * A feed with no 24 h figures of its own (the server computes them from candles) that trades
 * each of its pairs once a minute: a day of uptime in thousands of trades instead of millions.
 */
function minuteFeed(): MarketFeed {
  let emit: ((e: FeedEvent) => void) | undefined;
  let lastMinute = 0;
  return {
    source: 'binance',
    covers: (inst) => PRICED.has(inst),
    start(sink, _prices, now) {
      emit = sink;
      lastMinute = Math.floor(now / MINUTE);
    },
    advance(now) {
      for (let m = lastMinute + 1; m <= Math.floor(now / MINUTE); m++) {
        [...PRICED].forEach((inst, i) => {
          const price = (inst.basePrice * (1 + 0.01 * Math.sin(m / 7 + i))).toFixed(2);
          emit?.({ kind: 'trade', symbol: inst.symbol, price, amount: '1.5', direction: 'buy', ts: m * MINUTE });
        });
      }
      lastMinute = Math.max(lastMinute, Math.floor(now / MINUTE));
    },
    stop: () => void (emit = undefined),
    history: async () => [],
    depth: () => ({ bids: [], asks: [] }),
  };
}

describeOnOneDatabase(
  'quote costs over a day of uptime',
  ({ app }) => {
    it('quotes all pairs at about the cost at start after 24 h, once per tick for every request', async () => {
      const t = app();
      const m = t.app.ctx.market;
      /** Candles read or dropped by one tick that trades every pair once and quotes them all. */
      const tickCost = async () => {
        const before = m.work();
        t.clock.advance(MINUTE);
        await m.pump();
        return m.work() - before;
      };
      t.clock.advance(10 * MINUTE);
      await m.pump();
      const atStart = await tickCost();
      expect(atStart).toBeGreaterThan(0);

      for (let h = 0; h < 24; h++) {
        t.clock.advance(HOUR);
        await m.pump();
      }
      await tickCost();
      const afterDay = await tickCost();
      expect(afterDay).toBeLessThanOrEqual(2 * atStart);

      // Requests within a tick share its quotes: no candle is read again, the answer is the same.
      const before = m.work();
      const asked = await Promise.all([1, 2, 3].map(() => t.call(market.quotationNew)));
      const hot = await t.call(market.hotSearch);
      expect(m.work()).toBe(before);
      const groups = asked.map((r) => r.body.message as { quotation: PairQuote[] }[]);
      expect(groups[1]).toEqual(groups[0]);
      const btc = groups[0]![0]!.quotation.find((q) => q.symbol === 'BTC/USDT')!;
      // A full day of one 1.5 trade a minute: the volume of the last 24 h, not of all uptime.
      expect(Number(btc.volume)).toBeGreaterThanOrEqual(1.5 * 1439);
      expect(Number(btc.volume)).toBeLessThanOrEqual(1.5 * 1441);
      expect((hot.body.message as PairQuote[]).length).toBe(PRICED.size);
    }, 120_000);
  },
  () => ({ market: { feed: minuteFeed(), manual: true } }),
);

import { expect, it } from 'vitest';
import * as market from '@contract/market';
import type { PairQuote } from '@contract/market';
import type { MarketEvent, TickerEvent } from '@contract/market-events';
import type { FeedEvent, MarketFeed } from './feed';
import { SECOND } from '../testing/clock';
import { describeOnOneDatabase } from '../testing/suite';

/** A feed that says only what the test tells it, like an exchange connection gone quiet. */
function pushFeed(): MarketFeed & { push(e: FeedEvent): void } {
  let emit: ((e: FeedEvent) => void) | undefined;
  return {
    source: 'binance',
    covers: (inst) => inst.kind === 'spot',
    start: (sink) => void (emit = sink),
    advance: () => undefined,
    stop: () => void (emit = undefined),
    history: async () => [],
    depth: () => ({ bids: [], asks: [] }),
    push: (e) => emit?.(e),
  };
}

let feed = pushFeed();

describeOnOneDatabase(
  'stale market data',
  ({ app }) => {
    it('marks a pair stale after MARKET_STALE_MS without a tick, in the API and on the hub', async () => {
      const t = app();
      const events: MarketEvent[] = [];
      t.app.ctx.market.hub.subscribe((e) => events.push(e));
      const btc = async () => {
        const groups = (await t.call(market.quotationNew)).body.message as { quotation: PairQuote[] }[];
        return groups[0]!.quotation.find((q) => q.symbol === 'BTC/USDT')!;
      };
      expect(await btc()).toMatchObject({ stale: true, now_price: '0', ts: 0, source: 'binance' });

      const ts = t.clock.now().getTime();
      feed.push({ kind: 'trade', symbol: 'BTC/USDT', price: '97000.5', amount: '0.2', direction: 'buy', ts });
      feed.push({
        kind: 'ticker',
        symbol: 'BTC/USDT',
        last: '97000.5',
        changePct: '1.5',
        high: '98000',
        low: '95000',
        volume: '1234.5',
        ts,
      });
      await t.app.ctx.market.pump();
      expect(await btc()).toMatchObject({
        stale: false,
        now_price: '97000.5',
        change: '1.50',
        high: '98000',
        volume: '1234.5',
      });

      t.clock.advance(t.config.marketStaleMs + SECOND);
      await t.app.ctx.market.pump();
      expect(await btc()).toMatchObject({ stale: true, now_price: '97000.5' });
      const tickers = events.filter((e): e is TickerEvent => e.type === 'daymarket' && e.symbol === 'BTC/USDT');
      expect(tickers.map((e) => e.stale)).toEqual([false, true]);

      // Stocks are not on the exchange: not quoted, and listed as not tradable.
      const stocks = (await t.call(market.currencyList, { type: 'stock' })).body.message as market.Currency[];
      expect(stocks.every((s) => s.status === 0)).toBe(true);
      const unknown = await t.call(market.newTimeshar, { symbol: 'AAPL/USD', period: '1min', from: 0, to: ts });
      expect(unknown.body.type).toBe('error');
    });
  },
  () => {
    feed = pushFeed();
    return { market: { feed, manual: true } };
  },
);

import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/suite';
import type { MarketFeed } from './feed';
import { createMarketRuntime } from './runtime';

/** A real-exchange feed whose history endpoint is down. */
const feedWithoutHistory: MarketFeed = {
  source: 'binance',
  covers: (inst) => inst.kind === 'spot',
  start: () => undefined,
  advance: () => undefined,
  stop: () => undefined,
  history: () => Promise.reject(new Error('klines: HTTP 503')),
  depth: () => ({ bids: [], asks: [] }),
};

describeEachDatabase('market history failure', ({ database }) => {
  it('reports a failed history fetch and still answers the stored and live candles', async () => {
    const errors: unknown[] = [];
    const now = () => new Date(1_767_225_600_000);
    const market = createMarketRuntime({
      db: database().db,
      feed: feedWithoutHistory,
      now,
      staleMs: 10_000,
      manual: true,
      onError: (e) => errors.push(e),
    });
    await market.start();
    const btc = market.find('BTC/USDT');
    if (!btc) throw new Error('BTC/USDT is not in the catalogue');
    try {
      expect(await market.candles(btc, '1min', 0, now().getTime())).toEqual([]);
    } finally {
      await market.stop();
    }
    expect(errors).toHaveLength(1);
    expect(String((errors[0] as Error).message)).toContain('BTC/USDT');
    expect(((errors[0] as Error).cause as Error).message).toBe('klines: HTTP 503');
  });
});

import { randomUUID } from 'node:crypto';
import type { FeedEvent, MarketFeed } from '../market/feed';
import { CATALOG } from '../market/catalog';
import type { MarketMaker } from '../trading/maker/index';
import type { TestApp } from './app';
import * as wallet from '@contract/wallet';
import { callWithKey } from './wallet';

/** A feed that prices every pair only when the test says so. */
export function pushFeed(): MarketFeed & { push(e: FeedEvent): void } {
  let emit: ((e: FeedEvent) => void) | undefined;
  return {
    source: 'simulated',
    covers: () => true,
    start: (sink) => void (emit = sink),
    advance: () => undefined,
    stop: () => void (emit = undefined),
    history: async () => [],
    depth: () => ({ bids: [], asks: [] }),
    push: (e) => emit?.(e),
  };
}

/** The feed trades `symbol` at `price` now, and the market takes it in. */
export async function tick(t: TestApp, feed: ReturnType<typeof pushFeed>, symbol: string, price: string) {
  const ts = t.clock.now().getTime();
  feed.push({ kind: 'trade', symbol, price, amount: '1', direction: 'buy', ts });
  await t.app.ctx.market.pump();
}

/** Moves the user's demo USDT (and BTC) into the change account, where orders take funds from. */
export async function fundChange(t: TestApp, token: string, usdt = '5000', btc = '0.2') {
  for (const [currency_id, number] of [
    [3, usdt],
    [1, btc],
  ] as const) {
    const res = await callWithKey(
      t,
      wallet.walletChange,
      { currency_id, number, from_field: 'legal', to_field: 'change' },
      { token, key: randomUUID() },
    );
    if (res.body.type !== 'ok') throw new Error(JSON.stringify(res.body));
  }
}

/** Holds the app's maker when the test app starts one. */
export function makerHandle() {
  let maker: MarketMaker | undefined;
  return {
    ready: (m: MarketMaker) => {
      maker = m;
    },
    get: () => {
      if (!maker) throw new Error('no market maker started');
      return maker;
    },
  };
}

export const instrument = (symbol: string) => {
  const inst = CATALOG.instruments.find((i) => i.symbol === symbol);
  if (!inst) throw new Error(symbol);
  return inst;
};

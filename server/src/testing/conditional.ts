import type { Db } from '../db/client';
import type { Trading } from '../trading/core';
import type { NewConditional } from '../trading/conditional/types';
import { BTC, BTC_USDT, limit, tradingUser, USDT } from './trading';

/** A stop order of BTC/USDT with the fields its kind does not use left empty. */
export const stop = (owner: number, fields: Partial<NewConditional>): NewConditional => ({
  owner,
  pairId: BTC_USDT,
  kind: 'stop_limit',
  side: 'buy',
  triggerPrice: null,
  price: null,
  qty: null,
  budget: null,
  trailTicks: null,
  trailBps: null,
  limitPrice: null,
  ...fields,
});

/**
 * Two users who trade with each other on BTC/USDT: `at(price, lots)` makes one trade there (a
 * resting sell, then a buy that takes it), so the pair's last price is exactly what a test needs.
 */
export async function tape(db: Db, core: () => Trading) {
  const seller = await tradingUser(db, { [BTC]: '10' });
  const buyer = await tradingUser(db, { [USDT]: '10000000' });
  return {
    seller,
    buyer,
    async at(price: number, lots = 1, taker: 'buy' | 'sell' = 'buy') {
      if (taker === 'buy') {
        await core().place(limit(seller, BTC_USDT, 'sell', price, lots));
        return core().place(limit(buyer, BTC_USDT, 'buy', price, lots));
      }
      await core().place(limit(buyer, BTC_USDT, 'buy', price, lots));
      return core().place(limit(seller, BTC_USDT, 'sell', price, lots));
    },
  };
}

/** An OCO of BTC/USDT: a limit leg at `limit`, a stop-limit at `trigger` / `target`, `qty` lots each. */
export const oco = (
  owner: number,
  side: 'buy' | 'sell',
  legs: { limit: number; trigger: number; target: number; qty: number },
): NewConditional =>
  stop(owner, {
    kind: 'oco',
    side,
    limitPrice: legs.limit,
    triggerPrice: legs.trigger,
    price: legs.target,
    qty: legs.qty,
  });

/** Cancels every resting order of a pair, so a test meets an empty book whatever ran before it. */
export async function clearBook(core: Trading, pairId = BTC_USDT): Promise<void> {
  for (const o of core.restingOrders(pairId)) {
    await core.cancel(o.owner === 'maker' ? 'maker' : Number(o.owner), o.orderId);
  }
}

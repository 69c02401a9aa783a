import { expect, it } from 'vitest';
import { AppError } from '../errors';
import {
  balanceOf,
  checkInvariants,
  inTransaction,
  post,
  requestHash,
  systemAccount,
  systemBalance,
} from '../ledger/index';
import { describeEachDatabase } from '../testing/suite';
import type { Trading } from './core';
import { BTC, BTC_USDT, limit, tradingProblems, tradingUser, USDT } from './testing';

const key = (k: string, body: unknown) => ({ key: k, hash: requestHash('/coin/trade', body), scope: '/coin/trade' });

describeEachDatabase('trading core', ({ app }) => {
  const core = () => app().app.ctx.trading as Trading;
  const db = () => app().app.ctx.db;

  it('holds, matches at the resting price, releases the improvement and settles both sides in the ledger', async () => {
    const seller = await tradingUser(db(), { [BTC]: '0.01' });
    const buyer = await tradingUser(db(), { [USDT]: '1000' });
    const sell = await core().place(limit(seller, BTC_USDT, 'sell', 9_700_000, 1000));
    expect(sell).toMatchObject({ status: 'open', price: '97000', qty: '0.001', filledQty: '0' });
    expect(await balanceOf(db(), seller, BTC, 'change')).toEqual({ available: '0.009', held: '0.001' });

    const buy = await core().place(limit(buyer, BTC_USDT, 'buy', 9_800_000, 600));
    expect(buy).toMatchObject({ status: 'filled', filledQty: '0.0006', filledValue: '58.2' });
    expect(await balanceOf(db(), buyer, USDT, 'change')).toEqual({ available: '941.8', held: '0' });
    expect(await balanceOf(db(), buyer, BTC, 'change')).toEqual({ available: '0.0006', held: '0' });
    expect(await balanceOf(db(), seller, USDT, 'change')).toEqual({ available: '58.2', held: '0' });
    expect(await balanceOf(db(), seller, BTC, 'change')).toEqual({ available: '0.009', held: '0.0004' });
    expect(core().depth(BTC_USDT, 5)).toEqual({ bids: [], asks: [['97000', '0.0004']] });
    expect(core().recentTrades(BTC_USDT, 1)[0]).toMatchObject({ price: '97000', qty: '0.0006', value: '58.2' });

    const cancelled = await core().cancel(seller, sell.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'user', filledQty: '0.0006' });
    expect(await balanceOf(db(), seller, BTC, 'change')).toEqual({ available: '0.0094', held: '0' });
    expect(core().depth(BTC_USDT, 5)).toEqual({ bids: [], asks: [] });
    await expect(core().cancel(seller, sell.id)).rejects.toMatchObject({ key: 'order_not_found' });
    expect(await tradingProblems(db(), core())).toEqual([]);
    expect((await checkInvariants(db())).problems).toEqual([]);
  });

  it("refuses another owner's order and a hold above the available balance, with the available amount", async () => {
    const a = await tradingUser(db(), { [USDT]: '10' });
    const b = await tradingUser(db(), { [USDT]: '10' });
    const order = await core().place(limit(a, BTC_USDT, 'buy', 1_000_000, 1000));
    await expect(core().cancel(b, order.id)).rejects.toMatchObject({ key: 'order_not_found' });
    const refused = await core()
      .place(limit(a, BTC_USDT, 'buy', 1_000_000, 1000))
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ key: 'insufficient_balance', values: { available: '0' } });
    expect((await checkInvariants(db())).problems).toEqual([]);
  });

  it('a market buy spends at most its budget and releases the rest; the maker trades from its own account', async () => {
    const buyer = await tradingUser(db(), { [USDT]: '100' });
    await expect(core().place(limit('maker', BTC_USDT, 'sell', 9_700_000, 500))).rejects.toMatchObject({
      key: 'insufficient_balance',
    });
    await inTransaction(db(), (tx) =>
      post(tx, {
        kind: 'deposit',
        entries: [
          { account: systemAccount('external_deposits', BTC), amount: '-0.001' },
          { account: systemAccount('maker', BTC), amount: '0.001' },
        ],
      }),
    );
    await core().place(limit('maker', BTC_USDT, 'sell', 9_700_000, 500));
    const budget = 10_000_000_000; // 100 USDT in tick x lot units of 1e-8 USDT
    const market = await core().place({
      owner: buyer,
      pairId: BTC_USDT,
      side: 'buy',
      type: 'market',
      price: null,
      qty: null,
      budget,
      ioc: false,
      postOnly: false,
    });
    expect(market).toMatchObject({
      status: 'cancelled',
      cancelReason: 'market_remainder',
      filledQty: '0.0005',
      filledValue: '48.5',
      budget: '100',
    });
    expect(await balanceOf(db(), buyer, USDT, 'change')).toEqual({ available: '51.5', held: '0' });
    expect(await balanceOf(db(), buyer, BTC, 'change')).toEqual({ available: '0.0005', held: '0' });
    expect(await systemBalance(db(), 'maker', USDT)).toEqual({ available: '48.5', held: '0' });
    expect(await systemBalance(db(), 'maker', BTC)).toEqual({ available: '0.0005', held: '0' });
    expect(await tradingProblems(db(), core())).toEqual([]);
    expect((await checkInvariants(db())).problems).toEqual([]);
  });

  it('places one order per idempotency key, also for concurrent duplicates, and refuses the key for another body', async () => {
    const user = await tradingUser(db(), { [USDT]: '1000' });
    const order = limit(user, BTC_USDT, 'buy', 1_000_000, 1000);
    const k = key('order-key-1', { price: 1 });
    const [a, b] = await Promise.all([
      core().place({ ...order, idempotency: k }),
      core().place({ ...order, idempotency: k }),
    ]);
    const c = await core().place({ ...order, idempotency: k });
    expect(b.id).toBe(a.id);
    expect(c.id).toBe(a.id);
    expect(c.createdAt).toEqual(a.createdAt);
    await expect(core().place({ ...order, idempotency: key('order-key-1', { price: 2 }) })).rejects.toMatchObject({
      key: 'idempotency_key_reused',
    });
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '990', held: '10' });
  });
});

import { sql } from 'drizzle-orm';
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
import { Trading } from './core';
import { BTC, BTC_USDT, limit, tradingProblems, tradingUser, USDT } from '../testing/trading';

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

  it('rebuilds the books from the stored resting orders after a restart and continues their sequence', async () => {
    const a = await tradingUser(db(), { [USDT]: '1000', [BTC]: '0.01' });
    const b = await tradingUser(db(), { [USDT]: '1000', [BTC]: '0.01' });
    await core().place(limit(a, BTC_USDT, 'buy', 5_000_000, 300));
    await core().place(limit(b, BTC_USDT, 'buy', 5_000_000, 200));
    await core().place(limit(a, BTC_USDT, 'sell', 12_000_000, 700));
    await core().place(limit(b, BTC_USDT, 'sell', 11_000_000, 100));
    await core().place(limit(a, BTC_USDT, 'buy', 11_000_000, 40));
    const resting = core().restingOrders(BTC_USDT);
    const depth = core().depth(BTC_USDT, 10);
    await core().stop();
    const seqOf = async (id?: number) => {
      const res = (await db().execute(
        id === undefined
          ? sql`SELECT max(seq) AS s FROM spot_orders WHERE pair_id = ${BTC_USDT}`
          : sql`SELECT seq AS s FROM spot_orders WHERE id = ${id}`,
      )) as unknown as { rows: { s: string | number }[] };
      return Number(res.rows[0]!.s);
    };
    const last = await seqOf();

    const restarted = new Trading({ db: db(), now: () => new Date(), log: (err) => expect.fail(String(err)) });
    await restarted.start();
    try {
      expect(restarted.restingOrders(BTC_USDT)).toEqual(resting);
      expect(restarted.depth(BTC_USDT, 10)).toEqual(depth);
      const next = await restarted.place(limit(b, BTC_USDT, 'buy', 4_000_000, 10));
      expect(await seqOf(next.id)).toBe(last + 1);
      expect(await tradingProblems(db(), restarted)).toEqual([]);
    } finally {
      await restarted.stop();
    }
  });

  it('answers a batch whose commit fails with a retryable error and rebuilds its books from the database', async () => {
    const a = await tradingUser(db(), { [USDT]: '1000', [BTC]: '0.01' });
    await core().place(limit(a, BTC_USDT, 'sell', 13_000_000, 100));
    const resting = core().restingOrders(BTC_USDT);
    const failures: unknown[] = [];
    // Everything of the batch is written, then the commit is lost (as with a dropped connection).
    const flaky = Object.create(db()) as typeof db extends () => infer D ? D : never;
    flaky.transaction = ((fn: Parameters<typeof flaky.transaction>[0]) =>
      db().transaction(async (tx) => {
        await fn(tx);
        throw new Error('connection lost');
      })) as typeof flaky.transaction;
    const broken = new Trading({ db: flaky, now: () => new Date(), log: (err) => failures.push(err) });
    await broken.start();
    try {
      const refused = await Promise.allSettled([
        broken.place(limit(a, BTC_USDT, 'buy', 13_000_000, 50)),
        broken.place(limit(a, BTC_USDT, 'sell', 14_000_000, 50)),
      ]);
      for (const r of refused) {
        expect(r).toMatchObject({ status: 'rejected', reason: { key: 'internal_error', status: 503 } });
      }
      expect(failures).toHaveLength(1);
      expect(broken.restingOrders(BTC_USDT)).toEqual(resting);
      expect(await tradingProblems(db(), broken)).toEqual([]);
      expect((await checkInvariants(db())).problems).toEqual([]);
    } finally {
      await broken.stop();
    }
  });
});
